// REST calls. The session token rides as a bearer header (no CSRF needed for it) and is
// kept per browser, so a reload or a new tab is the same player.

import type { Achievement } from './achievements';
import type { Cosmetic } from './cosmetics.svelte';
import type { ChallengeInfo, FriendsList } from './social.svelte';

/** A finished match's public page (issue 17). */
export interface MatchSummary {
  id: number;
  game: string;
  options: Record<string, unknown>;
  finished_at: string | null;
  rated: boolean;
  // `name`: the seat's name at its table (a bot's, `bot-club-1`); `level`: a bot's level.
  // `left`: the player had left (a bot played the seat to the end): a loss for them.
  seats: { seat: number; name: string; kind: 'human' | 'bot'; level?: string | null; score: number; rank: number; left?: boolean }[];
  /** Partners (Baloot: [[0, 2], [1, 3]]), ranked and scored together; null: each alone. */
  teams?: number[][] | null;
  sheet: { label: string; points: number[] }[];
  achievements: Record<string, string[]>;
  record: string;
}

export type League = 'bronze' | 'silver' | 'gold';

/** A player's standing in one game (PL-12, PL-13). */
export interface GameRating {
  rating: number;
  league: League;
  provisional: boolean;
  played: number;
  won: number;
  drawn: number;
  lost: number;
}

export interface Player {
  id: number;
  name: string;
  guest: boolean;
  /** The King Bolola rating (or the table's game's), kept for older screens. */
  rating: number;
  xp: number;
  level: number;
  league: League;
  games: number;
  /** XP earned into this level, and the XP this level needs in all (PL-11). */
  level_xp?: number;
  next_level_xp?: number;
  ratings?: Record<string, GameRating>;
  /** The card back and table felt worn (issue 17); an older server sends neither. */
  back?: string;
  felt?: string;
}

/** One finished match on a profile. */
export interface RecentMatch {
  table: number;
  game: string;
  finished_at: string;
  rank: number;
  seats: number;
  scores: number[];
  result: 'win' | 'draw' | 'loss';
  /** The player had left (a bot played the seat at the end): the loss is a forfeit. */
  left?: boolean;
  rating_change: number | null;
  record: string;
}

export interface Profile {
  player: Player;
  recent: RecentMatch[];
}

export interface LeaderRow {
  rank: number;
  name: string;
  rating: number;
  league: League;
  level: number;
  played: number;
}

export interface Leaderboard {
  game: string;
  players: LeaderRow[];
}

/** The answer to the first visit of a day (PL-14). */
export interface DailyReward {
  granted: boolean;
  xp: number;
  streak: number;
  day: string;
  next_xp: number;
  player: Player;
}

export interface Provider {
  id: string;
  name: string;
}

export interface SeatInfo {
  seat: number;
  kind: 'human' | 'bot';
  level: string | null;
  player: string | null;
  online: boolean;
  away: boolean;
  /** The holder's rating and league in the table's game (null while the seat is free). */
  rating?: number | null;
  league?: League | null;
  /** A person's level (PL-11); null for a bot or a free seat. */
  xp_level?: number | null;
  /** A free seat a challenge keeps for a friend: who, how it stands, until when. */
  kept_for?: KeptFor | null;
}

/** The friend a free seat waits for (docs/protocol.md, `kept_for`). */
export interface KeptFor {
  player: string;
  answer: 'pending' | 'declined' | 'expired';
  /** When the challenge lapses (ISO time). */
  until: string;
  /** The challenger: the one who may give the seat to a bot. */
  from: string;
}

export interface TableSummary {
  id: number;
  game: string;
  access: 'anyone' | 'invited';
  move_seconds: number | null;
  rated: boolean;
  status: 'open' | 'playing' | 'over';
  version: number;
  free: number;
  seats: SeatInfo[];
  options?: Record<string, unknown>;
}

export interface SeatSpec {
  kind: 'human' | 'bot';
  level?: string;
}

export interface TableSpec {
  game: string;
  seats: SeatSpec[];
  access: 'anyone' | 'invited';
  move_seconds: number | null;
  rated: boolean;
  options?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly rule?: string,
  ) {
    super(message);
  }
}

const TOKEN_KEY = 'bolola.token';

export function savedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveToken(token: string | null): void {
  if (token === null) localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, token);
}

/** A request riding on cookies (no token yet: signing in) sends the CSRF token of its
 * session, which signing in or out changes: asked for each time, never kept. */
async function csrfToken(): Promise<string> {
  const r = await fetch('/api/csrf', { credentials: 'same-origin' });
  return ((await r.json()) as { csrf: string }).csrf;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = savedToken();
  try {
    if (token) headers.authorization = `Bearer ${token}`;
    else if (method !== 'GET') headers['x-csrf-token'] = await csrfToken();
  } catch {
    throw new ApiError('network', 'network error');
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('network', 'network error');
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const e = (data ?? {}) as { code?: string; message?: string; rule?: string };
    throw new ApiError(e.code ?? 'network', e.message ?? response.statusText, e.rule);
  }
  return data as T;
}

interface SignedIn {
  player: Player;
  token: string;
}

async function signedIn(p: Promise<SignedIn>): Promise<Player> {
  const { player, token } = await p;
  saveToken(token);
  return player;
}

function profile(name: string): Promise<Profile> {
  return call<Profile>('GET', `/api/players/${encodeURIComponent(name)}`);
}

export const api = {
  guest: () => signedIn(call<SignedIn>('POST', '/api/guest')),
  signin: (name: string, password: string) =>
    signedIn(call<SignedIn>('POST', '/api/signin', { name, password })),
  signup: (name: string, password: string) =>
    signedIn(call<SignedIn>('POST', '/api/signup', { name, password })),
  /** A guest keeps their player as an account of their own (PL-15): a new name, the
   * same XP, ratings and matches. */
  claim: (name: string, password: string) =>
    signedIn(call<SignedIn>('POST', '/api/claim', { name, password })),
  /** A new password, saying the current one (none for an account that never had one);
   * every other session of the player is over, this one goes on with a new token. */
  password: (current: string, password: string) =>
    signedIn(call<SignedIn>('POST', '/api/password', { current, password })),
  async signout(): Promise<void> {
    await call('POST', '/api/signout').catch(() => undefined);
    saveToken(null);
  },
  me: async () => (await call<{ player: Player }>('GET', '/api/me')).player,
  player: async (name: string) => (await profile(name)).player,
  profile,
  leaderboard: (game: string, limit = 50) =>
    call<Leaderboard>('GET', `/api/leaderboard?game=${encodeURIComponent(game)}&limit=${limit}`),
  daily: () => call<DailyReward>('POST', '/api/daily'),
  providers: async () =>
    (await call<{ providers: Provider[] }>('GET', '/api/auth/providers')).providers,
  tables: async () => (await call<{ tables: TableSummary[] }>('GET', '/api/tables')).tables,
  create: async (spec: TableSpec) =>
    (await call<{ table: TableSummary }>('POST', '/api/tables', spec)).table,
  match: async (id: number) => (await call<{ match: MatchSummary }>('GET', `/api/matches/${id}`)).match,
  /** Play from here (issue 18): an unrated practice table at version `at` of a match. */
  practice: async (match: number, at: number) =>
    (await call<{ table: TableSummary; seat: number; at: number }>('POST', `/api/matches/${match}/practice`, { at }))
      .table,
  friends: () => call<FriendsList>('GET', '/api/friends'),
  befriend: (player: string) => call<{ player: string; status: string }>('POST', '/api/friends/ask', { player }),
  answerFriend: (player: string, accept: boolean) =>
    call<{ player: string; status: string }>('POST', `/api/friends/${accept ? 'accept' : 'decline'}`, { player }),
  unfriend: (player: string) => call<{ player: string; status: string }>('POST', '/api/friends/remove', { player }),
  block: (player: string, on: boolean) =>
    call<{ player: string; status: string }>('POST', `/api/blocks/${on ? 'add' : 'remove'}`, { player }),
  challenge: async (players: string[], table: Partial<TableSpec>) =>
    (await call<{ challenge: ChallengeInfo }>('POST', '/api/challenges', { players, table })).challenge,
  answerChallenge: (table: number, accept: boolean) =>
    call<{ table: number; answer: string; seat: number | null }>(
      'POST',
      `/api/challenges/${table}/${accept ? 'accept' : 'decline'}`,
    ),
  rematch: async (table: number) =>
    (await call<{ challenge: ChallengeInfo }>('POST', `/api/tables/${table}/rematch`)).challenge,
  achievements: async (name: string) =>
    (await call<{ achievements: Achievement[] }>('GET', `/api/players/${encodeURIComponent(name)}/achievements`))
      .achievements,
  cosmetics: async () => (await call<{ cosmetics: Cosmetic[] }>('GET', '/api/cosmetics')).cosmetics,
  wear: async (look: { back?: string; felt?: string }) =>
    (await call<{ player: Player }>('POST', '/api/me/look', look)).player,
  invite: (table: number, player: string) =>
    call<{ ok: boolean; player: string }>('POST', `/api/tables/${table}/invite`, { player }),
};
