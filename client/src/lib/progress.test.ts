import { describe, expect, it } from 'vitest';
import type { Player } from './api';
import { gameInfo, quickSpec, resizeChoices, tableSpec } from './games';
import {
  isMilestone,
  leagueChange,
  levelledUp,
  levelProgress,
  mostPlayed,
  progressOf,
  resultWord,
  roundRating,
  signed,
  signinError,
  signinErrorKey,
  standing,
  xpFraction,
  type ProgressEntry,
} from './progress';
import { parseRoute, pathOf } from './route';

const player = (extra: Partial<Player> = {}): Player => ({
  id: 1,
  name: 'ana',
  guest: false,
  rating: 1520,
  xp: 130,
  level: 2,
  league: 'bronze',
  games: 3,
  ...extra,
});

const entry = (extra: Partial<ProgressEntry> = {}): ProgressEntry => ({
  name: 'ana',
  xp: 30,
  level_before: 1,
  level_after: 1,
  rating_before: 1500,
  rating_after: 1512.4,
  league_before: 'bronze',
  league_after: 'bronze',
  achievements: [],
  ...extra,
});

describe('the XP bar', () => {
  it('fills with the XP earned into the level over the XP the level needs', () => {
    expect(xpFraction(player({ level_xp: 30, next_level_xp: 150 }))).toBeCloseTo(0.2);
    expect(xpFraction(player({ level_xp: 0, next_level_xp: 100 }))).toBe(0);
    expect(levelProgress(player({ level_xp: 30, next_level_xp: 150 }))).toEqual({ into: 30, needed: 150 });
  });

  it('never overflows nor divides by zero', () => {
    expect(xpFraction(player({ level_xp: 500, next_level_xp: 100 }))).toBe(1);
    expect(xpFraction(player({ level_xp: 5, next_level_xp: 0 }))).toBe(1);
    expect(xpFraction(player({ level_xp: -3, next_level_xp: 100 }))).toBe(0);
  });

  it('falls back to 100 XP a level when the server sends no level figures', () => {
    expect(levelProgress(player({ xp: 130 }))).toEqual({ into: 30, needed: 100 });
  });
});

describe('a standing in one game', () => {
  it("reads the game's own rating", () => {
    const hearts = { rating: 1561, league: 'silver' as const, provisional: false, played: 12, won: 7, drawn: 1, lost: 4 };
    expect(standing(player({ ratings: { 'hearts-trumps': hearts } }), 'hearts-trumps')).toEqual(hearts);
  });

  it('falls back to the King Bolola figures, and a fresh start for other games', () => {
    expect(standing(player(), 'king-bolola')).toMatchObject({ rating: 1520, league: 'bronze', played: 3 });
    expect(standing(player(), 'hearts-trumps')).toMatchObject({ rating: 1500, played: 0, provisional: true });
  });
});

describe("the over frame's progress", () => {
  const frame = { type: 'over', table: 3, progress: { '1': entry({ level_after: 2 }) } };

  it("picks this seat's entry", () => {
    expect(progressOf(frame, 1)).toEqual(entry({ level_after: 2 }));
  });

  it('has none for another seat, a spectator, or a frame without progress', () => {
    expect(progressOf(frame, 0)).toBeNull();
    expect(progressOf(frame, null)).toBeNull();
    expect(progressOf({ type: 'over' }, 1)).toBeNull();
    expect(progressOf(null, 1)).toBeNull();
  });

  it("keeps the achievements the match unlocked (an older server's entry has none)", () => {
    const unlocked = { progress: { '0': { ...entry(), achievements: ['first-win', 7] } } };
    expect(progressOf(unlocked, 0)?.achievements).toEqual(['first-win']);
    const { achievements: _, ...old } = entry();
    expect(progressOf({ progress: { '0': old } }, 0)?.achievements).toEqual([]);
    expect(isMilestone(entry({ achievements: ['matches-10'] }))).toBe(true);
    expect(isMilestone(entry())).toBe(false);
  });

  it('refuses a malformed entry rather than showing nonsense', () => {
    expect(progressOf({ progress: { '0': { ...entry(), xp: 'ten' } } }, 0)).toBeNull();
    expect(progressOf({ progress: { '0': { ...entry(), league_after: 'platinum' } } }, 0)).toBeNull();
    expect(progressOf({ progress: 'x' }, 0)).toBeNull();
  });

  it('tells a level-up', () => {
    expect(levelledUp(entry({ level_before: 1, level_after: 2 }))).toBe(true);
    expect(levelledUp(entry())).toBe(false);
  });

  it('tells a promotion and a relegation (PL-13)', () => {
    expect(leagueChange(entry({ league_before: 'bronze', league_after: 'silver' }))).toBe('promoted');
    expect(leagueChange(entry({ league_before: 'gold', league_after: 'silver' }))).toBe('relegated');
    expect(leagueChange(entry({ league_before: 'bronze', league_after: 'gold' }))).toBe('promoted');
    expect(leagueChange(entry())).toBeNull();
  });

  it('makes a milestone of a new level or a new league only', () => {
    expect(isMilestone(entry())).toBe(false);
    expect(isMilestone(entry({ level_after: 2 }))).toBe(true);
    expect(isMilestone(entry({ league_after: 'silver' }))).toBe(true);
  });

  it('rounds a rating as the server does, halves to even', () => {
    expect([1350.5, 1351.5, 1350.4, 1350.6, -2.5, -3.5].map(roundRating)).toEqual([1350, 1352, 1350, 1351, -2, -4]);
  });

  it('writes a rating change with its sign', () => {
    expect(signed(12.4)).toBe('+12');
    expect(signed(-3.6)).toBe('−4');
    expect(signed(0.2)).toBe('±0');
  });
});

describe('a failed outside sign-in', () => {
  it('reads the code from the address', () => {
    expect(signinError('?signin_error=denied')).toBe('denied');
    expect(signinError('?x=1')).toBeNull();
    expect(signinError('?signin_error=%3Cscript%3E')).toBe('unknown');
  });

  it('says why in words for the codes it knows', () => {
    expect(signinErrorKey('denied')).toBe('signin_denied');
    expect(signinErrorKey('identity_taken')).toBe('signin_identity_taken');
    expect(signinErrorKey('bad_state')).toBe('signin_bad_state');
    expect(signinErrorKey('token_exchange')).toBe('signinFailed');
  });
});

describe('routes', () => {
  it('parses every screen and writes it back', () => {
    expect(parseRoute('/table/12')).toEqual({ kind: 'table', id: 12 });
    expect(parseRoute('/match/40')).toEqual({ kind: 'match', id: 40 });
    expect(parseRoute('/player/ana%20b')).toEqual({ kind: 'player', name: 'ana b' });
    expect(parseRoute('/player/ana/')).toEqual({ kind: 'player', name: 'ana' });
    expect(parseRoute('/leaderboard', '?game=hearts-trumps')).toEqual({ kind: 'leaderboard', game: 'hearts-trumps' });
    expect(parseRoute('/leaderboard')).toEqual({ kind: 'leaderboard', game: null });
    expect(parseRoute('/nowhere')).toEqual({ kind: 'lobby' });
    expect(pathOf({ kind: 'player', name: 'ana.b' })).toBe('/player?name=ana.b');
    expect(parseRoute('/player', '?name=ana.b')).toEqual({ kind: 'player', name: 'ana.b' });
    expect(parseRoute('/player/%E0%A4%A')).toEqual({ kind: 'lobby' });
    for (const path of ['/', '/table/3', '/match/5', '/player/guest-1a2b', '/leaderboard?game=king-bolola']) {
      const [p, q] = path.split('?');
      expect(pathOf(parseRoute(p ?? '', q ? `?${q}` : ''))).toBe(path);
    }
  });
});

describe("the lobby's game choice (PL-1)", () => {
  it('gives each game its seats', () => {
    expect(resizeChoices(['open', 'club', 'expert'], gameInfo('hearts-trumps').seats)).toEqual(['open']);
    expect(resizeChoices(['open'], gameInfo('king-bolola').seats)).toEqual(['open', 'beginner', 'beginner']);
  });

  it('asks for a Jolly table of the chosen players and target (JO-1, JO-20)', () => {
    const form = { game: 'jolly', choices: ['club', 'expert'] as const, access: 'anyone' as const, moveSeconds: 0, rated: false };
    expect(tableSpec({ ...form, target: 250, players: 3 })).toEqual({
      game: 'jolly',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }, { kind: 'bot', level: 'expert' }],
      access: 'anyone',
      move_seconds: null,
      rated: false,
      options: { target: 250, players: 3 },
    });
    // A number of players the game does not offer falls back to the quick table's.
    expect(tableSpec({ ...form, target: 100, players: 7 }).seats).toHaveLength(2);
    expect(quickSpec('jolly').options).toEqual({ target: 100, players: 2 });
  });

  it('asks for a Hearts Are Trumps table of 2 seats with its target points', () => {
    const spec = tableSpec({ game: 'hearts-trumps', choices: ['club', 'club', 'club'], access: 'anyone', moveSeconds: 30, rated: true, target: 300 });
    expect(spec).toEqual({
      game: 'hearts-trumps',
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'club' }],
      access: 'anyone',
      move_seconds: 30,
      rated: true,
      options: { target: 300 },
    });
  });

  it('sends no options for a game without a target', () => {
    const spec = quickSpec('king-bolola');
    expect(spec.options).toBeUndefined();
    expect(spec.seats).toHaveLength(4);
    expect(quickSpec('hearts-trumps')).toMatchObject({ seats: [{ kind: 'human' }, { kind: 'bot' }], options: { target: 500 } });
  });
});

describe('a finished match in words', () => {
  it('says a forfeit is one, not a loss beside "1 of 4"', () => {
    expect(resultWord({ result: 'loss', left: true }, 'en')).toBe('Left: counted as a loss');
    expect(resultWord({ result: 'loss', left: false }, 'en')).toBe('Loss');
    expect(resultWord({ result: 'win' }, 'es')).toBe('Victoria');
    expect(resultWord({ result: 'loss', left: true }, 'ar')).toContain('خسارة');
  });
});

describe('the leaderboard a player opens', () => {
  it("opens on the game they have played most, and on the first game before any", () => {
    const r = (played: number) => ({ rating: 1500, league: 'bronze' as const, provisional: true, played, won: 0, drawn: 0, lost: played });
    expect(mostPlayed({ ratings: { 'king-bolola': r(1), 'hearts-trumps': r(3), jolly: r(2) } })).toBe('hearts-trumps');
    expect(mostPlayed({ ratings: {} })).toBeNull();
    expect(mostPlayed(null)).toBeNull();
  });
});
