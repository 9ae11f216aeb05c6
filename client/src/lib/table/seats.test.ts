import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '../api';
import { botLevelFor, clockFraction, hostLine, keptNote, placeOf, seatName, secondsLeft } from './seats';

describe('seats around the table', () => {
  it('puts me at the bottom and the others around', () => {
    expect([0, 1, 2, 3].map((s) => placeOf(s, 2, 4))).toEqual(['top', 'right', 'bottom', 'left']);
    expect([0, 1].map((s) => placeOf(s, 1, 2))).toEqual(['top', 'bottom']);
    expect([0, 1, 2].map((s) => placeOf(s, 0, 3))).toEqual(['bottom', 'left', 'right']);
    // A spectator sees seat 0 at the bottom.
    expect([0, 1, 2, 3].map((s) => placeOf(s, null, 4))).toEqual(['bottom', 'left', 'top', 'right']);
  });

  it('names seats', () => {
    expect(seatName({ seat: 1, kind: 'bot', level: 'club', player: 'bot-club-1', online: true, away: false }, 1)).toBe('bot-club-1');
    expect(seatName({ seat: 1, kind: 'bot', level: 'club', player: null, online: true, away: false }, 1)).toBe('bot 2');
    expect(seatName(undefined, 0)).toBe('—');
    expect(seatName({ seat: 1, kind: 'human', level: null, player: null, online: false, away: false }, 1)).toBe('Asiento libre');
  });

  it('counts a 30 s clock down from 30, never 31', () => {
    const limit = 30_000;
    // A tick up to 250 ms old makes the deadline look further away than the limit.
    expect(secondsLeft(10_000 + 30_000, 9_750, limit)).toBe(30);
    expect(secondsLeft(40_000, 10_000, limit)).toBe(30);
    expect(secondsLeft(40_000, 10_001, limit)).toBe(30);
    expect(secondsLeft(40_000, 11_000, limit)).toBe(29);
    expect(secondsLeft(40_000, 39_999, limit)).toBe(1);
    expect(secondsLeft(40_000, 40_000, limit)).toBe(0);
    expect(secondsLeft(40_000, 50_000, limit)).toBe(0);
  });

  it('says how much of the clock is left', () => {
    expect(clockFraction(40_000, 10_000, 30_000)).toBe(1);
    expect(clockFraction(40_000, 25_000, 30_000)).toBe(0.5);
    expect(clockFraction(40_000, 45_000, 30_000)).toBe(0);
    expect(clockFraction(40_000, 9_000, 30_000)).toBe(1);
  });
});

describe('seats a challenge keeps for friends', () => {
  const until = '2026-11-30T21:03:00Z';
  const at = Date.parse(until);
  const kept = (answer: 'pending' | 'declined' | 'expired', player = 'bo', from = 'ana'): SeatInfo => ({
    seat: 1,
    kind: 'human',
    level: null,
    player: null,
    online: false,
    away: false,
    kept_for: { player, answer, until, from },
  });
  const ana: SeatInfo = { seat: 0, kind: 'human', level: null, player: 'ana', online: true, away: false };

  it('names the friend a free seat waits for, not "—"', () => {
    expect(seatName(kept('pending'), 1)).toBe('bo');
    expect(seatName(kept('declined'), 1)).toBe('bo');
  });

  it('says how the challenge stands and the time left to answer', () => {
    expect(keptNote(kept('pending').kept_for!, at - 125_000)).toEqual({ key: 'keptPending', left: '2:05' });
    expect(keptNote(kept('pending').kept_for!, at + 5_000).left).toBe('0:00');
    expect(keptNote(kept('declined').kept_for!, at).key).toBe('keptDeclined');
    expect(keptNote(kept('expired').kept_for!, at).key).toBe('keptExpired');
  });

  it('tells the host whom the table waits for, then who is not coming', () => {
    expect(hostLine([ana, kept('pending')], 'ana')).toEqual({ key: 'keptStatusWaiting', names: 'bo' });
    expect(hostLine([ana, kept('declined')], 'ana')).toEqual({ key: 'keptStatusNone', names: 'bo' });
    const four = [ana, kept('declined'), { ...kept('pending', 'cy'), seat: 2 }];
    expect(hostLine(four, 'ana')).toEqual({ key: 'keptStatusWaiting', names: 'cy' });
    // Not the host's table, or no seat kept: the game's own line.
    expect(hostLine([ana, kept('declined')], 'cy')).toBeNull();
    expect(hostLine([ana, { ...kept('pending'), kept_for: null }], 'ana')).toBeNull();
  });

  it('seats a bot of the level the table already has', () => {
    const club: SeatInfo = { seat: 2, kind: 'bot', level: 'expert', player: 'bot-expert-2', online: true, away: false };
    expect(botLevelFor([ana, kept('declined'), club])).toBe('expert');
    expect(botLevelFor([ana, kept('declined')])).toBe('club');
  });
});
