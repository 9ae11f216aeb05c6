// The live connection against a fake server (client.harness.ts): its socket, hello,
// liveness, tokens, versions, notices, and leaving a table.
import { describe, expect, it, vi } from 'vitest';
import { made, sockets, store, Client, NOTICE_MS, win, doc, view, snapshot, update, welcome, last, online, seated, FIRST_RETRY_MS } from './client.harness';

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

  it("lets a refusal's notice go with the next move, and keeps other news", () => {
    const { c, ws } = seated();
    c.act('2S');
    const id = ws.sent.at(-1)?.id;
    ws.hear({ type: 'error', code: 'illegal', rule: 'KB-11', message: 'follow suit', table: 7, id });
    expect(c.notice?.rule).toBe('KB-11');
    c.act('3H');
    expect(c.notice).toBeNull();
    c.notify('Friend request sent to bo', 'info');
    c.act('4H');
    expect(c.notice?.text).toBe('Friend request sent to bo');
  });

  it("counts a chat line's refusal by its id, and no other refusal", () => {
    const { c, ws } = seated();
    c.say('hola');
    const sent = ws.sent.at(-1);
    expect(sent?.type).toBe('chat');
    expect(typeof sent?.id).toBe('string');
    ws.hear({ type: 'error', code: 'chat_too_fast', message: 'slow down', table: 7, id: sent?.id });
    expect(c.chatRefusals).toBe(1);
    ws.hear({ type: 'error', code: 'chat_too_fast', message: 'slow down', table: 7, id: sent?.id });
    ws.hear({ type: 'error', code: 'illegal', message: 'no', table: 7, id: 'a-other' });
    expect(c.chatRefusals).toBe(1);
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

