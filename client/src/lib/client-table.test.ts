// The live connection at a table, against a fake server (client.harness.ts): the deal on
// screen, the action in flight, the screen's pace, presence, and tables expired, missing
// or finished.
import { describe, expect, it, vi } from 'vitest';
import { store, history, router, finishedTrick, viewOf, view, snapshot, update, welcome, last, online, seated, FIRST_RETRY_MS } from './client.harness';

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
    expect(c.over).toEqual({ scores: [152, 96, 152, 96], ranks: [1, 3, 1, 3], teams: [[0, 2], [1, 3]], record: '/api/tables/7/record' });
  });

  it('ranks the seats of other games by their totals', () => {
    const { c, ws } = online();
    c.open(7);
    ws.hear(snapshot(1188, { status: 'over', view: view([], { phase: 'over', totals: [405, 130, 740, 130] }) }));
    expect(c.over).toEqual({ scores: [405, 130, 740, 130], ranks: [2, 3, 1, 3], teams: null, record: '/api/tables/7/record' });
  });
});

describe('a match that ends while seated', () => {
  it('shows each seat the rating, league and level the match ended with', () => {
    const { c, ws } = seated();
    const seat = (s: number, player: string) => ({ seat: s, kind: 'human', level: null, player, online: true, away: false, rating: 1500, league: 'bronze', xp_level: 1 });
    ws.hear(snapshot(12, { seats: [seat(0, 'ana'), seat(1, 'bo'), { seat: 2, kind: 'bot', level: 'club', player: 'bot-club-2', online: true, away: false }, seat(3, 'cy')] }));
    const entry = (rating_after: number, level_after: number) => ({
      xp: 30, level_before: 1, level_after, rating_before: 1500, rating_after, league_before: 'bronze', league_after: 'bronze', achievements: [],
    });
    ws.hear({ type: 'over', table: 7, scores: [1, 2, 3, 4], ranks: [3, 2, 1, 0], record: '/r', progress: { '0': entry(1478.4, 2), '1': entry(1502.6, 1) } });
    vi.advanceTimersByTime(1000); // the over effect, queued behind nothing
    expect(c.status).toBe('over');
    expect(c.seats.map((s) => s.rating)).toEqual([1478, 1503, undefined, 1500]);
    expect(c.seats[0]?.xp_level).toBe(2);
  });
});
