// REST calls. The session token rides as a bearer header (no CSRF needed for it) and is
// kept per browser, so a reload or a new tab is the same player.

export interface Player {
  id: number;
  name: string;
  guest: boolean;
  rating: number;
  xp: number;
  level: number;
  league: string;
  games: number;
}

export interface SeatInfo {
  seat: number;
  kind: 'human' | 'bot';
  level: string | null;
  player: string | null;
  online: boolean;
  away: boolean;
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

let csrf: string | null = null;

/** A request riding on cookies (no token yet: signing in) repeats the CSRF cookie. */
async function csrfToken(): Promise<string> {
  if (csrf === null) {
    const r = await fetch('/api/csrf', { credentials: 'same-origin' });
    csrf = ((await r.json()) as { csrf: string }).csrf;
  }
  return csrf;
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

export const api = {
  guest: () => signedIn(call<SignedIn>('POST', '/api/guest')),
  signin: (name: string, password: string) =>
    signedIn(call<SignedIn>('POST', '/api/signin', { name, password })),
  signup: (name: string, password: string) =>
    signedIn(call<SignedIn>('POST', '/api/signup', { name, password })),
  async signout(): Promise<void> {
    await call('POST', '/api/signout').catch(() => undefined);
    saveToken(null);
  },
  me: async () => (await call<{ player: Player }>('GET', '/api/me')).player,
  player: async (name: string) =>
    (await call<{ player: Player }>('GET', `/api/players/${encodeURIComponent(name)}`)).player,
  tables: async () => (await call<{ tables: TableSummary[] }>('GET', '/api/tables')).tables,
  create: async (spec: TableSpec) =>
    (await call<{ table: TableSummary }>('POST', '/api/tables', spec)).table,
  invite: (table: number, player: string) =>
    call<{ ok: boolean; player: string }>('POST', `/api/tables/${table}/invite`, { player }),
};
