// The live connection's test harness: a fake server (a stubbed WebSocket whose frames the
// tests read and write), a stubbed localStorage, location and history, fake timers for
// the back-offs, pings and retries (no real waiting), and the frames a table sends.
// Imported first by the client's tests: the stubs stand before the client is loaded.
import { afterEach, beforeEach, vi } from 'vitest';

export type Frame = Record<string, unknown> & { type: string };

export const sockets: FakeSocket[] = [];

export class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  readyState = 0;
  sent: Frame[] = [];
  /** The client closed it. */
  closed = false;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;

  constructor(readonly url: string) {
    sockets.push(this);
  }

  send(text: string): void {
    this.sent.push(JSON.parse(text) as Frame);
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  // -- the server's side --

  accept(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  hear(frame: Frame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** The connection broke (the server went, the network dropped it). */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }

  /** Frames sent since `from`, of these types (all when none named). */
  frames(from = 0, ...types: string[]): Frame[] {
    return this.sent.slice(from).filter((f) => types.length === 0 || types.includes(f.type));
  }
}

export const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
});
vi.stubGlobal('location', { protocol: 'http:', host: 'bolola.test', pathname: '/', search: '' });
export const history = { pushState: vi.fn(), replaceState: vi.fn() };
vi.stubGlobal('history', history);
vi.stubGlobal('WebSocket', FakeSocket);
store.set('bolola.lang', 'en');

export const { Client, NOTICE_MS } = await import('./client.svelte');
export const { router } = await import('./router.svelte');
export const { finishedTrick } = await import('./view');
export const { viewOf } = await import('./table/game-view');
export type Client = InstanceType<typeof Client>;

export let win: EventTarget;
export let doc: EventTarget & { hidden: boolean };
export const made: Client[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  sockets.length = 0;
  store.clear();
  store.set('bolola.lang', 'en');
  store.set('bolola.pace', 'off'); // every update shows at once, unless a test says
  store.set('bolola.token', 'tok-ana');
  history.pushState.mockClear();
  history.replaceState.mockClear();
  router.route = { kind: 'lobby' };
  win = new EventTarget();
  doc = Object.assign(new EventTarget(), { hidden: false });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
});

afterEach(() => {
  for (const c of made.splice(0)) c.disconnect();
  vi.clearAllTimers();
  vi.useRealTimers();
});

export function view(toMove: number[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    game: 'king-bolola',
    seat: 0,
    deal: 1,
    phase: 'play',
    to_move: toMove,
    legal: ['2S'],
    hand: ['2S'],
    hand_counts: [1, 1, 1, 1],
    totals: [0, 0, 0, 0],
    history: [],
    trick: { leader: 0, cards: [], winner: null, points: 0 },
    tricks: [],
    ...extra,
  };
}

export function snapshot(version: number, extra: Record<string, unknown> = {}): Frame {
  return {
    type: 'snapshot',
    table: 7,
    game: 'king-bolola',
    version,
    seat: 0,
    status: 'playing',
    seats: [],
    view: view([0]),
    clock: null,
    chat: [],
    ...extra,
  };
}

export function update(version: number, toMove: number[], extra: Record<string, unknown> = {}): Frame {
  return { type: 'update', table: 7, version, events: [], view: view(toMove, { v: version }), clock: null, ...extra };
}

export function welcome(ws: FakeSocket): void {
  ws.hear({ type: 'welcome', protocol: 1, token: 'tok-ana', player: { id: 1, name: 'ana' }, fold_acks: true });
}

export function last(): FakeSocket {
  const ws = sockets.at(-1);
  if (!ws) throw new Error('no socket');
  return ws;
}

/** A client welcomed on its socket. */
export function online(): { c: Client; ws: FakeSocket } {
  const c = new Client();
  made.push(c);
  c.connect();
  const ws = last();
  ws.accept();
  welcome(ws);
  return { c, ws };
}

/** A client seated at table 7 (seat 0), its snapshot at `version`. */
export function seated(version = 10, extra: Record<string, unknown> = {}): { c: Client; ws: FakeSocket } {
  const { c, ws } = online();
  c.open(7);
  ws.hear({ type: 'joined', table: 7, seat: 0 });
  ws.hear(snapshot(version, extra));
  return { c, ws };
}

/** Past the longest first back-off (250 ms + 30%). */
export const FIRST_RETRY_MS = 400;
