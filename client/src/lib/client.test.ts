// The live connection against a fake server: a stubbed WebSocket whose frames the tests
// read and write, a stubbed localStorage, location and history, and fake timers for the
// back-offs, pings and retries (no real waiting).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Frame = Record<string, unknown> & { type: string };

const sockets: FakeSocket[] = [];

class FakeSocket {
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

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, String(v)),
  removeItem: (k: string) => void store.delete(k),
});
vi.stubGlobal('location', { protocol: 'http:', host: 'bolola.test', pathname: '/', search: '' });
const history = { pushState: vi.fn(), replaceState: vi.fn() };
vi.stubGlobal('history', history);
vi.stubGlobal('WebSocket', FakeSocket);
store.set('bolola.lang', 'en');

const { Client, NOTICE_MS } = await import('./client.svelte');
const { router } = await import('./router.svelte');
const { finishedTrick } = await import('./view');
const { viewOf } = await import('./table/game-view');
type Client = InstanceType<typeof Client>;

let win: EventTarget;
let doc: EventTarget & { hidden: boolean };
const made: Client[] = [];

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

function view(toMove: number[], extra: Record<string, unknown> = {}): Record<string, unknown> {
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

function snapshot(version: number, extra: Record<string, unknown> = {}): Frame {
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

function update(version: number, toMove: number[], extra: Record<string, unknown> = {}): Frame {
  return { type: 'update', table: 7, version, events: [], view: view(toMove, { v: version }), clock: null, ...extra };
}

function welcome(ws: FakeSocket): void {
  ws.hear({ type: 'welcome', protocol: 1, token: 'tok-ana', player: { id: 1, name: 'ana' }, fold_acks: true });
}

function last(): FakeSocket {
  const ws = sockets.at(-1);
  if (!ws) throw new Error('no socket');
  return ws;
}

/** A client welcomed on its socket. */
function online(): { c: Client; ws: FakeSocket } {
  const c = new Client();
  made.push(c);
  c.connect();
  const ws = last();
  ws.accept();
  welcome(ws);
  return { c, ws };
}

/** A client seated at table 7 (seat 0), its snapshot at `version`. */
function seated(version = 10, extra: Record<string, unknown> = {}): { c: Client; ws: FakeSocket } {
  const { c, ws } = online();
  c.open(7);
  ws.hear({ type: 'joined', table: 7, seat: 0 });
  ws.hear(snapshot(version, extra));
  return { c, ws };
}

/** Past the longest first back-off (250 ms + 30%). */
const FIRST_RETRY_MS = 400;

describe('leaving a table', () => {
  it('tells the server when a seat in play is left, or another table opened', () => {
    const { c, ws } = seated();
    let n = ws.sent.length;
    c.close();
    expect(ws.frames(n)).toEqual([{ type: 'leave', table: 7 }]);
    expect(c.tableId).toBeNull();

    c.open(7);
    ws.hear(snapshot(11));
    n = ws.sent.length;
    c.open(8);
    expect(ws.frames(n).map((f) => [f.type, f.table])).toEqual([
      ['leave', 7],
      ['client_seed', 8],
      ['join', 8],
    ]);
    expect(c.tableId).toBe(8);
  });

  it('says nothing when only watching', () => {
    const { c, ws } = online();
    c.open(9, true);
    ws.hear({ type: 'joined', table: 9, seat: null });
    ws.hear(snapshot(3, { table: 9, seat: null, view: view([0], { seat: null, hand: null }) }));
    const n = ws.sent.length;
    c.close();
    expect(ws.frames(n)).toEqual([]);
  });

  it("takes the table's notice with it: a refusal there is not said again in the lobby", () => {
    const { c, ws } = seated();
    c.act('2S');
    const id = ws.sent.at(-1)?.id;
    ws.hear({ type: 'error', code: 'illegal', rule: 'KB-11', message: 'follow suit', table: 7, id });
    expect(c.notice?.rule).toBe('KB-11');
    c.close();
    expect(c.notice).toBeNull();
  });

  it('tells the server once back when the seat was left offline', () => {
    const { c, ws } = seated();
    ws.drop();
    c.close();
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    const again = last();
    expect(again).not.toBe(ws);
    again.accept();
    welcome(again);
    expect(again.frames(1, 'leave', 'join')).toEqual([{ type: 'leave', table: 7 }]);
  });
});

describe('a notice', () => {
  it('is said once: the store forgets it after its time, so a screen mounted later does not say it again', () => {
    const { c } = online();
    c.notify('Friend request sent to bo', 'info');
    vi.advanceTimersByTime(NOTICE_MS.info - 1);
    expect(c.notice?.text).toBe('Friend request sent to bo');
    vi.advanceTimersByTime(1);
    expect(c.notice).toBeNull();
    c.notify('follow suit (KB-11)', 'error', 'KB-11');
    vi.advanceTimersByTime(NOTICE_MS.error);
    expect(c.notice).toBeNull();
  });

  it('that replaces another has its own whole time', () => {
    const { c } = online();
    c.notify('first', 'info');
    vi.advanceTimersByTime(NOTICE_MS.info - 100);
    c.notify('second', 'info');
    const second = c.notice?.n;
    vi.advanceTimersByTime(100); // the first one's time is up, not the second's
    expect(c.notice?.text).toBe('second');
    expect(c.notice?.n).toBe(second);
    vi.advanceTimersByTime(NOTICE_MS.info - 100);
    expect(c.notice).toBeNull();
  });
});

describe('a refused hello', () => {
  it('closes the socket and tries a new one after a back-off', () => {
    const c = new Client();
    made.push(c);
    c.connect();
    const ws = last();
    ws.accept();
    expect(ws.sent).toEqual([{ type: 'hello', protocol: 1, fold_acks: true, token: 'tok-ana' }]);
    ws.hear({ type: 'error', code: 'server_error', message: 'the server failed on this request' });
    expect(ws.closed).toBe(true);
    expect(c.connected).toBe(false);
    expect(c.notice).toBeNull();
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    expect(sockets).toHaveLength(2);
    last().accept();
    expect(last().sent.map((f) => f.type)).toEqual(['hello']);
    welcome(last());
    expect(c.connected).toBe(true);
  });

  it('waits longer after too_many_connections, and says why', () => {
    const c = new Client();
    made.push(c);
    c.connect();
    const ws = last();
    ws.accept();
    ws.hear({ type: 'error', code: 'too_many_connections', message: 'you have 8 connections open' });
    expect(ws.closed).toBe(true);
    expect(c.notice?.text).toBe('Too many tabs or devices are connected; close one');
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(5000); // the slow back-off's first wait: 5 s ± 30%
    expect(sockets).toHaveLength(2);
  });
});

describe('a join the server could not answer', () => {
  it.each(['server_error', 'table_moved'])('is tried again after a short delay (%s)', (code) => {
    const { c, ws } = online();
    c.open(7);
    const n = ws.sent.length;
    ws.hear({ type: 'error', code, message: 'try again', table: 7 });
    expect(ws.frames(n, 'join')).toEqual([]);
    expect(c.notice).toBeNull();
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    expect(ws.frames(n, 'join')).toEqual([{ type: 'join', table: 7 }]);
    ws.hear({ type: 'joined', table: 7, seat: 0 });
    ws.hear(snapshot(4));
    expect(c.version).toBe(4);
  });
});

describe('liveness', () => {
  it('pings, and gives up a socket that then stays silent', () => {
    const { c, ws } = seated();
    let n = ws.sent.length;
    vi.advanceTimersByTime(15_000);
    expect(ws.frames(n)).toEqual([{ type: 'ping', t: 1 }]);
    vi.advanceTimersByTime(9_000);
    ws.hear({ type: 'pong', t: 1 });
    expect(ws.closed).toBe(false);

    n = ws.sent.length;
    vi.advanceTimersByTime(6_000); // the next ping, 15 s after the first
    expect(ws.frames(n)).toEqual([{ type: 'ping', t: 2 }]);
    vi.advanceTimersByTime(10_000); // no frame at all: the socket is dead
    expect(ws.closed).toBe(true);
    expect(c.connected).toBe(false);
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    const again = last();
    expect(again).not.toBe(ws);
    again.accept();
    welcome(again);
    expect(again.frames(1, 'join')).toEqual([{ type: 'join', table: 7, since: 10 }]);
  });

  it.each([
    ['the tab is shown again', () => doc.dispatchEvent(new Event('visibilitychange'))],
    ['the network is back', () => win.dispatchEvent(new Event('online'))],
  ])('asks at once when %s', (_when, event) => {
    const { c, ws } = seated();
    const n = ws.sent.length;
    event();
    expect(ws.frames(n)).toEqual([{ type: 'ping', t: 1 }]);
    vi.advanceTimersByTime(10_000);
    expect(ws.closed).toBe(true);
    expect(c.connected).toBe(false);
  });
});

describe('a token refused', () => {
  it('stops instead of coming back as a new guest', () => {
    const c = new Client();
    made.push(c);
    c.player = { id: 1, name: 'ana' } as NonNullable<Client['player']>;
    c.connect();
    c.open(7);
    const ws = last();
    ws.accept();
    ws.hear({ type: 'error', code: 'bad_token', message: 'the session token is not valid' });
    expect(store.get('bolola.token')).toBeUndefined();
    expect(c.player).toBeNull();
    expect(c.tableId).toBeNull();
    expect(ws.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    // Signed in again (App's `signed`): a new socket, with no old table to rejoin.
    c.connect();
    expect(sockets).toHaveLength(2);
  });
});

describe('versions', () => {
  it('drops updates out of order, and asks for what a gap missed', () => {
    const { c, ws } = seated(10);
    const n = ws.sent.length;
    ws.hear(update(12, [2]));
    expect(ws.frames(n, 'join')).toEqual([{ type: 'join', table: 7, since: 10 }]);
    ws.hear(update(11, [1]));
    expect(c.version).toBe(10);
    expect(c.latestVersion).toBe(10);

    ws.hear({ type: 'joined', table: 7, seat: 0 });
    ws.hear({
      type: 'catchup',
      table: 7,
      since: 10,
      version: 12,
      seat: 0,
      status: 'playing',
      updates: [
        { version: 11, events: ['play 0 2S'] },
        { version: 12, events: ['play 1 3S'] },
      ],
      seats: [],
      view: view([2]),
      clock: null,
    });
    expect(c.version).toBe(12);
    expect(c.view?.to_move).toEqual([2]);
    ws.hear(update(11, [1]));
    ws.hear(update(12, [0]));
    expect(c.version).toBe(12);
    expect(c.view?.to_move).toEqual([2]);
    ws.hear(update(13, [3]));
    expect(c.version).toBe(13);
    expect(c.view?.to_move).toEqual([3]);
    expect(ws.frames(n, 'join')).toHaveLength(1);
  });

  it('rejoins with the version it has after a reconnect', () => {
    const { c, ws } = seated(10);
    ws.hear(update(11, [1]));
    ws.drop();
    expect(c.connected).toBe(false);
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    const again = last();
    again.accept();
    welcome(again);
    expect(again.frames(1, 'join')).toEqual([{ type: 'join', table: 7, since: 11 }]);
  });
});

describe('the deal on screen', () => {
  it('is dealt when a match nothing happened in yet opens, not again on a rejoin', () => {
    store.set('bolola.pace', 'normal');
    const { c, ws } = seated(0);
    expect(c.dealing).not.toBeNull(); // the match starts in front of us: dealt
    vi.advanceTimersByTime(1000);
    expect(c.dealing).toBeNull();
    ws.drop(); // the server restarted, say: nothing was played meanwhile
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    const again = last();
    again.accept();
    welcome(again);
    again.hear(snapshot(0));
    expect(c.dealing).toBeNull(); // already dealt on this screen
    expect(c.view).not.toBeNull();
  });
});

describe('the action in flight', () => {
  it('waits for its own answer, and other tables are not this one', () => {
    const { c, ws } = seated();
    c.act('2S');
    const action = ws.sent.at(-1);
    expect(action).toMatchObject({ type: 'action', table: 7, version: 10, action: '2S' });
    expect(c.pending).toBe('2S');

    ws.hear({ type: 'error', code: 'rate_limited', message: 'chat', table: 7 }); // a chat line
    expect(c.pending).toBe('2S');
    const said = c.notice;
    ws.hear({ type: 'error', code: 'not_your_turn', message: 'x', table: 99, id: 'a-other' });
    expect(c.pending).toBe('2S');
    expect(c.notice).toBe(said);
    ws.hear(update(11, [1], { ack: 'a-earlier' }));
    expect(c.pending).toBe('2S');

    ws.hear({ type: 'error', code: 'illegal', rule: 'KB-11', message: 'follow suit', table: 7, id: action?.id });
    expect(c.pending).toBeNull();
    expect(c.notice?.rule).toBe('KB-11');

    c.close();
    c.dismissNotice();
    ws.hear({ type: 'error', code: 'not_seated', message: 'you have no seat', table: 7 });
    expect(c.notice).toBeNull();
  });

  it('is answered by the update that carries its ack', () => {
    const { c, ws } = seated();
    c.act('2S');
    const id = ws.sent.at(-1)?.id;
    ws.hear(update(11, [1], { ack: id }));
    expect(c.pending).toBeNull();
  });

  it('names the version on screen, not the latest received', () => {
    store.set('bolola.pace', 'normal');
    const { c, ws } = seated(10);
    ws.hear(update(11, [0]));
    ws.hear(update(12, [0])); // waits behind 11 on screen
    expect(c.version).toBe(11);
    expect(c.latestVersion).toBe(12);
    c.act('2S');
    expect(ws.sent.at(-1)).toMatchObject({ type: 'action', version: 11 });
  });
});

describe("the screen's pace", () => {
  it("takes at most a tenth of the player's move time before their decision", () => {
    store.set('bolola.pace', 'normal');
    const { c, ws } = seated(10);
    ws.hear(update(11, [2]));
    ws.hear(update(12, [3]));
    ws.hear(update(13, [0], { clock: { seats: [0], deadline_ms: 0, remaining_ms: 5000, limit_ms: 5000 } }));
    expect(c.version).toBe(11); // the bots' cards land one by one…
    vi.advanceTimersByTime(499);
    expect(c.version).toBe(11);
    vi.advanceTimersByTime(1); // …but the player's 5 s are not spent watching them
    expect(c.version).toBe(13);
    expect(c.clock?.seats).toEqual([0]);
  });

  it("shows the next deal only once the last deal's trick has gone from the felt", () => {
    store.set('bolola.pace', 'normal');
    const trick = (cards: string[]): Record<string, unknown> => ({ leader: 0, cards, winner: null, points: 0 });
    const { c, ws } = seated(10, { view: view([2], { hand: [], legal: [], trick: trick(['2C', '3C']) }) });
    c.usePaceHooks(() => ({
      trick: (events, before, after) => finishedTrick(events, viewOf(before, 'king-bolola'), viewOf(after, 'king-bolola')),
    }));
    ws.hear(update(11, [3], { events: ['play 2 4C'], view: view([3], { hand: [], legal: [], trick: trick(['2C', '3C', '4C']) }) }));
    // The deal's last card; deal 2 is this seat's to declare, its move clock running.
    const deal2 = view([0], {
      deal: 2,
      phase: 'declare',
      hand: ['2S', '3S', 'AH'],
      legal: ['queens'],
      trick: null,
      history: [{ deal: 1, declarer: 0, contract: 'queens', trump: null, points: [0, 0, 0, 0], tricks_played: 13 }],
    });
    ws.hear(
      update(12, [0], {
        events: ['play 3 5C', 'trick 13 to 3 [2C 3C 4C 5C] +0', 'deal over after 13 tricks [0, 0, 0, 0]', 'deal 2 declarer 0'],
        view: deal2,
        clock: { seats: [0], deadline_ms: 0, remaining_ms: 30_000, limit_ms: 30_000 },
      }),
    );
    let heldOnDeal1 = false;
    for (let ms = 0; ms < 5000; ms += 10) {
      if (c.held) {
        expect(c.view?.deal).toBe(1); // not deal 2's hand, number or decision under it
        expect(c.view?.hand).toEqual([]);
        heldOnDeal1 = true;
      }
      vi.advanceTimersByTime(10);
    }
    expect(heldOnDeal1).toBe(true); // the trick was seen, whole, before it left
    expect(c.view?.deal).toBe(2);
    expect(c.held).toBeNull();
    expect(c.settling).toBe(false); // the decision is offered, within a tenth of its clock
  });

  it("keeps its pace for another seat's clock", () => {
    store.set('bolola.pace', 'normal');
    const { c, ws } = seated(10);
    ws.hear(update(11, [2]));
    ws.hear(update(12, [3], { clock: { seats: [3], deadline_ms: 0, remaining_ms: 5000, limit_ms: 5000 } }));
    vi.advanceTimersByTime(500);
    expect(c.version).toBe(11);
  });
});

describe('presence', () => {
  it('carries the move clock as it runs now, for the version on screen', () => {
    const { c, ws } = seated(10, { clock: { seats: [0], deadline_ms: 0, remaining_ms: 900, limit_ms: 15_000 } });
    expect(c.clock?.seats).toEqual([0]);
    const seats = [{ seat: 0, kind: 'human', level: null, player: 'ana', online: true, away: false }];
    const clock = { seats: [0], deadline_ms: 0, remaining_ms: 15_000, limit_ms: 15_000 };
    ws.hear({ type: 'seats', table: 7, version: 10, seats, clock }); // back: a new 15 s
    expect(c.clock?.deadline).toBe(Date.now() + 15_000);
    ws.hear({ type: 'seats', table: 7, version: 9, seats, clock: null }); // an older one
    expect(c.clock).not.toBeNull();
    ws.hear({ type: 'seats', table: 7, version: 10, seats, clock: null }); // a bot plays it
    expect(c.clock).toBeNull();
  });
});

describe('a table that expired', () => {
  it('goes back to the lobby, saying why', () => {
    router.route = { kind: 'table', id: 7 };
    const { c, ws } = seated(0, { status: 'open', view: null });
    const n = ws.sent.length;
    ws.hear({ type: 'error', code: 'table_expired', message: 'nobody joined this table in time', table: 7 });
    expect(c.tableId).toBeNull();
    expect(c.notice?.text).toBe('Nobody joined in time: the table was closed');
    expect(router.route).toEqual({ kind: 'lobby' });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(ws.frames(n)).toEqual([]); // no leave for a table that is gone
  });
});

describe('a table that is not there', () => {
  it.each([
    ['no_table', 'no table 99999'],
    ['game_over', 'the match is over; its record is at /api/tables/99999/record'],
    ['not_invited', 'the table is for invited players only'],
  ])('is said by the table screen, not as a notice over an empty table (%s)', (code, message) => {
    router.route = { kind: 'table', id: 99999 };
    const { c, ws } = online();
    c.open(99999);
    // The seed's refusal and the join's: both before any snapshot.
    ws.hear({ type: 'error', code, message, table: 99999 });
    ws.hear({ type: 'error', code, message, table: 99999 });
    expect(c.gone).toBe(code);
    expect(c.notice).toBeNull();
    expect(c.status).toBeNull();
    // Back to the lobby: no leave for a table that is not there, and nothing kept.
    const n = ws.sent.length;
    c.close();
    expect(ws.frames(n)).toEqual([]);
    expect(c.gone).toBeNull();
  });

  it('is not what a refused move at a live table is', () => {
    const { c, ws } = seated();
    ws.hear({ type: 'error', code: 'game_over', message: 'the match is over', table: 7, id: 'a-1' });
    expect(c.gone).toBeNull();
    expect(c.notice?.text).toBe('The match is over');
  });
});

describe('a finished table joined', () => {
  it('rebuilds a Baloot result by teams', () => {
    const { c, ws } = online();
    c.open(7);
    ws.hear(
      snapshot(300, {
        game: 'baloot',
        status: 'over',
        view: { ...view([]), game: 'baloot', phase: 'over', hand_counts: [0, 0, 0, 0], totals: [152, 96], winner: 0 },
      }),
    );
    expect(c.over).toEqual({ scores: [152, 96, 152, 96], ranks: [1, 3, 1, 3], record: '/api/tables/7/record' });
  });

  it('ranks the seats of other games by their totals', () => {
    const { c, ws } = online();
    c.open(7);
    ws.hear(snapshot(1188, { status: 'over', view: view([], { phase: 'over', totals: [405, 130, 740, 130] }) }));
    expect(c.over).toEqual({ scores: [405, 130, 740, 130], ranks: [2, 3, 1, 3], record: '/api/tables/7/record' });
  });
});
