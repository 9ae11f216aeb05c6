// Progression as the screens show it (PL-11..14): the XP bar, a player's standing in a
// game, and what changed for a seat when a match ended.
import type { GameRating, League, Player, RecentMatch } from './api';
import { t, type Lang } from './i18n.svelte';

export const LEAGUES: readonly League[] = ['bronze', 'silver', 'gold'];

/** XP into the current level and XP the level needs; an older server's 100 XP a level. */
export function levelProgress(p: Pick<Player, 'xp' | 'level_xp' | 'next_level_xp'>): {
  into: number;
  needed: number;
} {
  const needed = p.next_level_xp ?? 100;
  const into = p.level_xp ?? p.xp % 100;
  return { into: Math.max(0, into), needed: Math.max(1, needed) };
}

/** How full the bar to the next level is, from 0 to 1. */
export function xpFraction(p: Pick<Player, 'xp' | 'level_xp' | 'next_level_xp'>): number {
  const { into, needed } = levelProgress(p);
  return Math.min(1, into / needed);
}

/** A player's rating, league and games in one game (an unlisted game: a fresh 1500). */
export function standing(p: Player, game: string): GameRating {
  const found = p.ratings?.[game];
  if (found) return found;
  const kb = game === 'king-bolola';
  return {
    rating: kb ? p.rating : 1500,
    league: kb ? p.league : 'silver',
    provisional: true,
    played: kb ? p.games : 0,
    won: 0,
    drawn: 0,
    lost: 0,
  };
}

export function isLeague(x: unknown): x is League {
  return x === 'bronze' || x === 'silver' || x === 'gold';
}

/** What a finished match changed for one seat (the `over` frame's `progress`). */
export interface ProgressEntry {
  name: string;
  xp: number;
  level_before: number;
  level_after: number;
  rating_before: number;
  rating_after: number;
  league_before: League;
  league_after: League;
  /** The keys of the achievements the match unlocked (issue 17). */
  achievements: string[];
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** The progress of `seat` in an `over` frame, or null when it has none (a bot, an old server). */
export function progressOf(frame: Record<string, unknown> | null, seat: number | null): ProgressEntry | null {
  if (!frame || seat === null) return null;
  const all = frame.progress;
  if (typeof all !== 'object' || all === null) return null;
  const raw = (all as Record<string, unknown>)[String(seat)];
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  const xp = num(e.xp);
  const lb = num(e.level_before);
  const la = num(e.level_after);
  const rb = num(e.rating_before);
  const ra = num(e.rating_after);
  if (xp === null || lb === null || la === null || rb === null || ra === null) return null;
  if (!isLeague(e.league_before) || !isLeague(e.league_after)) return null;
  return {
    name: typeof e.name === 'string' ? e.name : '',
    xp,
    level_before: lb,
    level_after: la,
    rating_before: rb,
    rating_after: ra,
    league_before: e.league_before,
    league_after: e.league_after,
    achievements: Array.isArray(e.achievements)
      ? e.achievements.filter((k): k is string => typeof k === 'string')
      : [],
  };
}

export function levelledUp(e: ProgressEntry): boolean {
  return e.level_after > e.level_before;
}

/** PL-13: a move up or down the leagues, or null when the league stayed. */
export function leagueChange(e: ProgressEntry): 'promoted' | 'relegated' | null {
  const d = LEAGUES.indexOf(e.league_after) - LEAGUES.indexOf(e.league_before);
  return d > 0 ? 'promoted' : d < 0 ? 'relegated' : null;
}

/** Worth a dialog of its own: a new level, a new league, or an achievement. */
export function isMilestone(e: ProgressEntry): boolean {
  return levelledUp(e) || leagueChange(e) !== null || e.achievements.length > 0;
}

/** A whole rating point, halves to even as the server rounds (1350.5 → 1350), so the
 * figures of a dialog and of a profile agree. */
export function roundRating(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d !== 0.5) return d < 0.5 ? f : f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/** A rating change as players read it: "+12", "−3", "±0" (rounded to a whole point). */
export function signed(n: number): string {
  const r = roundRating(n);
  if (r === 0) return '±0';
  return r > 0 ? `+${r}` : `−${-r}`;
}

/** The code of a failed outside sign-in (`/?signin_error=<code>`), or null. */
export function signinError(search: string): string | null {
  const code = new URLSearchParams(search).get('signin_error');
  return code && /^[\w.-]{1,64}$/.test(code) ? code : code ? 'unknown' : null;
}

// The codes the server's sign-in routes come back with (server/oauth.py ERRORS).
const SIGNIN_ERRORS = [
  'unknown_provider',
  'not_signed_in',
  'denied',
  'bad_state',
  'provider_error',
  'provider_down',
  'bad_token',
  'no_subject',
  'identity_taken',
  'server_error',
] as const;
type SigninCode = (typeof SIGNIN_ERRORS)[number];

/** Which phrase explains a failed outside sign-in (any other code: the generic one). */
export function signinErrorKey(code: string): `signin_${SigninCode}` | 'signinFailed' {
  const known = SIGNIN_ERRORS.find((c) => c === code);
  return known ? `signin_${known}` : 'signinFailed';
}

/** A finished match's result in words: a forfeit (the player had left) says so, since
 * "Loss" beside "1 of 4" reads as a mistake. */
export function resultWord(m: Pick<RecentMatch, 'result' | 'left'>, lang?: Lang): string {
  return m.left ? t('result_left', {}, lang) : t(`result_${m.result}`, {}, lang);
}

/** The game a player has played most, where the leaderboard opens for them; null before
 * their first finished match. */
export function mostPlayed(p: Pick<Player, 'ratings'> | null): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [game, r] of Object.entries(p?.ratings ?? {})) {
    if (r.played > most) [best, most] = [game, r.played];
  }
  return best;
}
