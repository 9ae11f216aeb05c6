import { describe, expect, it } from 'vitest';
import {
  actionInView,
  clampVersion,
  dealDone,
  dealPoints,
  decisionKind,
  faceOf,
  handOf,
  isolated,
  jollyTableOf,
  lastTaker,
  mistakeText,
  mistakesOf,
  parseAnalysis,
  parsePosition,
  parseReplay,
  pileTop,
  replayTrick,
  signedPoints,
  splitMove,
  tableOf,
  timelinePercent,
  toMoveOf,
  tricksWon,
} from './replay';

const decision = (index: number, loss: number, extra: Record<string, unknown> = {}) => ({
  index,
  seat: 2,
  played: 'QS',
  best: '7H',
  loss,
  exact: false,
  spread: 3.2,
  clear: true,
  ...extra,
});

describe('the replay viewer', () => {
  it('reads a replay and a position, and refuses what is not one', () => {
    const raw = { replay: { id: 7, game: 'king-bolola', seats: 4, versions: 2, record: { moves: ['0:queens', 1] } } };
    expect(parseReplay(raw)).toEqual({ id: 7, game: 'king-bolola', seats: 4, versions: 1, moves: ['0:queens'] });
    expect(parseReplay({ replay: { game: 'x' } })).toBeNull();
    expect(parseReplay(null)).toBeNull();
    expect(parsePosition({ position: { at: 3, move: '1:7H', views: [{ seat: 0 }, { seat: 1 }] } })).toEqual({
      at: 3,
      move: '1:7H',
      views: [{ seat: 0 }, { seat: 1 }],
    });
    expect(parsePosition({ position: { at: 0, move: null, views: [] } })?.move).toBeNull();
    expect(parsePosition({ position: { at: 3, views: [1] } })).toBeNull();
    expect(parsePosition({ position: { at: '3', views: [] } })).toBeNull();
  });

  it('keeps the mistakes of a review, in record order, and reads every status', () => {
    const review = { decisions: [decision(40, 12), decision(5, 0), decision(9, 3.5, { exact: true }), 'x'] };
    const found = mistakesOf(review);
    expect(found.map((m) => m.index)).toEqual([9, 40]); // no loss, no mistake
    expect(found[0]?.exact).toBe(true);
    expect(mistakesOf(null)).toEqual([]);
    expect(parseAnalysis({ status: 'done', review })).toEqual({ status: 'done', mistakes: found });
    expect(parseAnalysis({ status: 'queued', ahead: 2 })).toEqual({ status: 'queued', ahead: 2 });
    expect(parseAnalysis({ status: 'running', judged: 4, move: 10, moves: 90 })).toEqual({
      status: 'running',
      judged: 4,
      move: 10,
      moves: 90,
    });
    expect(parseAnalysis({ status: 'failed', error: 'no' })).toEqual({ status: 'failed', error: 'no' });
    expect(parseAnalysis({ status: 'sleeping' })).toBeNull();
  });

  it('says a mistake as a player reads it, in each language', () => {
    const [m] = mistakesOf({ decisions: [decision(30, 12.04)] });
    const name = (s: number) => `seat ${s}`;
    expect(mistakeText(m!, name, 'en')).toBe('seat 2, move 31: played Q♠; better: 7♥ (−12 points, estimate ±3)');
    expect(mistakeText({ ...m!, exact: true }, name, 'es')).toBe('seat 2, jugada 31: jugó Q♠; mejor: 7♥ (−12 puntos, exacto)');
    expect(mistakeText({ ...m!, spread: null }, name, 'en')).toContain('estimate ±?)');
    expect(mistakeText(m!, name, 'ar')).toContain('31');
    expect(mistakeText(m!, name, 'ar')).toContain('لعب');
    // Right to left, the name and the cards are isolated: "seat 2" and "Q♠" stay whole.
    expect(mistakeText(m!, name, 'ar')).toContain('\u2068seat 2\u2069');
    expect(mistakeText(m!, name, 'ar')).toContain('\u2068Q♠\u2069');
    expect(isolated('bot-1', 'en')).toBe('bot-1');
    expect(isolated('bot-1', 'ar')).toBe('\u2068bot-1\u2069');
  });

  it('says a contract chosen as a choice, and a placement with the role of each card', () => {
    const name = (s: number) => `seat ${s}`;
    const [m] = mistakesOf({ decisions: [decision(0, 50, { played: 'king-of-hearts', best: 'hearts', exact: true })] });
    expect(decisionKind('king-of-hearts')).toBe('chose');
    expect(decisionKind('QS')).toBe('played');
    expect(decisionKind('JK')).toBe('played');
    expect(decisionKind('QH/TH/9H')).toBe('placed');
    expect(decisionKind('hokum:S')).toBe('chose');
    const chose = mistakeText(m!, name, 'en');
    expect(chose).toMatch(/^seat 2, move 1: chose \S.*; better: \S.* \(−50 points, exact\)$/);
    expect(chose).not.toContain('played');
    expect(mistakeText(m!, name, 'es')).toContain('eligió');
    expect(mistakeText(m!, name, 'ar')).toContain('اختار');
    const [p] = mistakesOf({ decisions: [decision(4, 3, { played: 'QH/TH/9H', best: '9H/TH/QH' })] });
    const placed = mistakeText(p!, name, 'en').replace(/[\u2066\u2069]/g, ''); // cards kept left to right
    expect(placed).toContain('placed Loot Q♥ · Attacker 10♥ · Defender 9♥; better: Loot 9♥ · Attacker 10♥ · Defender Q♥');
    expect(mistakeText(p!, name, 'es')).toContain('colocó');
  });

  it("names a first round's Hokum by the bid card's suit, and leaves other actions alone", () => {
    expect(actionInView('hokum', { bid_card: 'KS', bid_round: 1 })).toBe('hokum:S');
    expect(actionInView('hokum:D', { bid_card: 'KS', bid_round: 2 })).toBe('hokum:D');
    expect(actionInView('hokum', {})).toBe('hokum');
    expect(actionInView('hokum', undefined)).toBe('hokum');
    expect(actionInView('sun', { bid_card: 'KS' })).toBe('sun');
    expect(actionInView('QS', { bid_card: 'KS' })).toBe('QS');
  });

  it('keeps versions inside the match and places them on the timeline', () => {
    expect(clampVersion(-3, 10)).toBe(0);
    expect(clampVersion(12, 10)).toBe(10);
    expect(clampVersion(4.6, 10)).toBe(5);
    expect(clampVersion(NaN, 10)).toBe(0);
    expect(timelinePercent(5, 10)).toBe(50);
    expect(timelinePercent(5, 0)).toBe(0);
    expect(splitMove('3:JK=QC|7H')).toEqual({ seat: 3, action: 'JK=QC|7H' });
  });

  it('finds the hand, the trick and the seats to move in any game view', () => {
    expect(handOf({ hand: ['7H', 'QS'] })).toEqual(['7H', 'QS']);
    expect(handOf({ hand: null })).toEqual([]);
    // Each card with who played it: seats in turn from the leader, or named.
    expect(tableOf({ trick: { leader: 3, cards: ['7H', 'QS'] } }, 4)).toEqual([
      { seat: 3, card: '7H' },
      { seat: 0, card: 'QS' },
    ]);
    expect(tableOf({ trick: [{ seat: 2, card: 'AS' }, { seat: 1 }] }, 4)).toEqual([{ seat: 2, card: 'AS' }]);
    expect(tableOf({ trick: null }, 4)).toEqual([]); // between deals
    expect(tableOf({ melds: [] }, 4)).toBeNull(); // a game without tricks
    expect(tableOf(undefined, 4)).toBeNull();
    expect(toMoveOf({ to_move: [0, 'x', 2] })).toEqual([0, 2]);
    expect(faceOf('7H1')).toBe('7H');
    expect(faceOf('JK3')).toBe('JK');
    expect(faceOf('TS')).toBe('TS');
    expect(faceOf('xx')).toBeNull();
  });

  // Views as the server sends them (KingBololaView / BalootView.to_json()), cut to what the
  // trick is read from; the same view for every seat, as after the match.
  const kb = (extra: Record<string, unknown>) => ({ game: 'king-bolola', phase: 'play', history: [], ...extra });
  const four = <T,>(v: T): T[] => [v, v, v, v];

  it('shows the trick in play, each card with who played it', () => {
    const view = kb({ trick: { leader: 2, cards: ['9D', '4D'] }, tricks: [{ leader: 0, cards: ['5C', '2C', 'QC', '3C'], winner: 2, points: -100 }] });
    expect(replayTrick(four(view), '3:4D')).toEqual({
      cards: [
        { seat: 2, card: '9D' },
        { seat: 3, card: '4D' },
      ],
      n: 2,
      complete: false,
      winner: null,
      points: null,
      last: false,
    });
  });

  it("shows a trick complete, its taker and its points, at the move of its last card", () => {
    // King Bolola: the trick in play is empty once complete; the finished tricks hold it.
    const view = kb({ trick: { leader: 2, cards: [] }, tricks: [{ leader: 0, cards: ['5C', '2C', 'QC', '3C'], winner: 2, points: -100 }] });
    expect(replayTrick(four(view), '3:3C')).toEqual({
      cards: [
        { seat: 0, card: '5C' },
        { seat: 1, card: '2C' },
        { seat: 2, card: 'QC' },
        { seat: 3, card: '3C' },
      ],
      n: 1,
      complete: true,
      winner: 2,
      points: -100,
      last: false,
    });
    // The next move leads the next trick: the complete one is gone from the table.
    expect(replayTrick(four(kb({ ...view, trick: { leader: 2, cards: ['9D'] } })), '2:9D')?.complete).toBe(false);
    // Baloot: the trick in play names its seats; a finished trick carries no points.
    const ba = { game: 'baloot', phase: 'play', history: [], trick: [], tricks: [{ leader: 1, cards: ['AH', '7H', 'TH', '9H'], winner: 1 }] };
    expect(replayTrick(four(ba), '0:9H')).toMatchObject({ n: 1, complete: true, winner: 1, points: null, last: false });
    expect(replayTrick(four(ba), '0:9H')?.cards.map((c) => c.seat)).toEqual([1, 2, 3, 0]);
    // A move that is no card (a bid, a project) shows no trick.
    expect(replayTrick(four(ba), '3:project:sira:8C,9C,TC')).toBeNull();
    expect(replayTrick(four(ba), null)).toBeNull();
  });

  it("rebuilds a deal's last trick from the position before, its taker from the deal's points", () => {
    const before = kb({
      trick: { leader: 2, cards: ['QS', 'KS', '7S'] },
      tricks: Array.from({ length: 7 }, () => ({ leader: 0, cards: [], winner: 0, points: 0 })),
      points: [0, -100, -300, 0],
    });
    // The last queen taken ends the deal: the views are the next deal's, its points in the history.
    const after = kb({
      phase: 'declare',
      trick: null,
      tricks: [],
      points: [0, 0, 0, 0],
      history: [{ deal: 1, declarer: 0, contract: 'queens', trump: null, points: [0, -200, -300, 0], tricks_played: 8 }],
    });
    const last = replayTrick(four(after), '1:AS', four(before));
    expect(last).toEqual({
      cards: [
        { seat: 2, card: 'QS' },
        { seat: 3, card: 'KS' },
        { seat: 0, card: '7S' },
        { seat: 1, card: 'AS' },
      ],
      n: 8,
      complete: true,
      winner: 1,
      points: -100,
      last: true,
    });
    expect(dealDone(after, before)).toBe(1);
    expect(dealDone(before, before)).toBeNull();
    expect(dealDone(after, undefined)).toBeNull();
    // Without the position before, nothing is rebuilt.
    expect(replayTrick(four(after), '1:AS')).toBeNull();
    // Points by team (Baloot's abnat): the taker is not said, the cards and players are.
    const baBefore = { game: 'baloot', phase: 'play', history: [], trick: [{ seat: 1, card: '7D' }, { seat: 2, card: 'KH' }, { seat: 3, card: 'AC' }], tricks: [], abnat: [29, 74] };
    const baAfter = { game: 'baloot', phase: 'bid', trick: [], tricks: [], history: [{ deal: 1, abnat: [29, 101], points: [6, 24] }] };
    expect(replayTrick(four(baAfter), '0:JC', four(baBefore))).toMatchObject({ n: 1, complete: true, winner: null, points: null, last: true });
    expect(lastTaker(baBefore, baAfter, 4)).toBeNull();
    // Two seats' points moved, or none: no taker can be told.
    expect(lastTaker(before, { history: [{ points: [0, -200, -400, 0] }] }, 4)).toBeNull();
    expect(lastTaker(before, { history: [{ points: [0, -100, -300, 0] }] }, 4)).toBeNull();
  });

  it('shows no trick in a game without tricks', () => {
    const ht = { game: 'hearts-trumps', phase: 'place', history: [], last_hand: null };
    expect(replayTrick([ht, ht], '0:QH/TH/9H', [ht, ht])).toBeNull();
    expect(tricksWon(ht, 2)).toBeNull();
    expect(dealPoints(ht, 2)).toBeNull();
  });

  it("counts each seat's tricks and points of the deal, once its cards are played", () => {
    const tricks = [
      { leader: 0, cards: ['5C', '2C', 'QC', '3C'], winner: 2, points: -100 },
      { leader: 2, cards: ['9D', '4D', 'KD', 'AD'], winner: 1, points: 0 },
      { leader: 1, cards: ['6H', '4H', '9H', '7H'], winner: 2, points: 0 },
    ];
    expect(tricksWon(kb({ tricks }), 4)).toEqual([0, 1, 2, 0]);
    expect(tricksWon(kb({ phase: 'declare', tricks: [] }), 4)).toBeNull();
    expect(dealPoints(kb({ tricks, points: [0, 0, -100, 0] }), 4)).toEqual([0, 0, -100, 0]);
    expect(dealPoints(kb({ tricks, points: [0, 0] }), 4)).toBeNull();
    expect(dealPoints({ game: 'baloot', phase: 'play', tricks, abnat: [10, 0] }, 4)).toBeNull();
    expect([50, -320, 0].map(signedPoints)).toEqual(['+50', '−320', '0']);
  });

  it("reads a Jolly view's table: the melds by who put them down, the pile and the stock", () => {
    const run = {
      id: 2,
      kind: 'run',
      cards: [
        { card: '9H1', as: '9H', by: 1 },
        { card: 'JK2', as: 'TH', by: 1 },
        { card: 'JH1', as: 'JH', by: 0 },
      ],
    };
    const set = { id: 1, kind: 'set', cards: [{ card: 'QS1', as: 'QS', by: 0 }, { card: 'QD2' }, 'x'] };
    const view = { game: 'jolly', melds: [[], [set, run, { id: 'x' }], []], pile: ['7C1', 3, 'KD2'], stock: 40 };
    expect(jollyTableOf(view)).toEqual({
      groups: [
        {
          seat: 1,
          melds: [
            { id: 1, kind: 'set', cards: [{ card: 'QS1', as: 'QS', by: 0 }, { card: 'QD2', as: 'QD', by: -1 }] },
            run,
          ],
        },
      ],
      pile: ['7C1', 'KD2'],
      stock: 40,
      round: null,
    });
    // A view without its game named is the replay's game's; another game's has no such table.
    expect(jollyTableOf({ melds: [], pile: [], stock: 5 }, 'jolly')).toEqual({ groups: [], pile: [], stock: 5, round: null });
    expect(jollyTableOf({ game: 'king-bolola', trick: null }, 'king-bolola')).toBeNull();
    expect(jollyTableOf({ melds: [] }, 'baloot')).toBeNull();
    expect(jollyTableOf(undefined, 'jolly')).toBeNull();
    expect(jollyTableOf({ game: 'jolly', melds: 'x', pile: null })).toEqual({ groups: [], pile: [], stock: 0, round: null });
    // Between rounds, the round just scored; during play, none (a finished round's record
    // stays in the view while the next round is played).
    const last = { round: 1, closer: 0, mano_jolly: false, points: [57, -40], seats: [{ table: [['9H1', 9]], hand: [], bonus: 30, points: 57 }] };
    expect(jollyTableOf({ game: 'jolly', phase: 'scored', last_round: last })?.round).toEqual(last);
    expect(jollyTableOf({ game: 'jolly', phase: 'draw', last_round: last })?.round).toBeNull();
    expect(jollyTableOf({ game: 'jolly', phase: 'scored', last_round: { round: 'x' } })?.round).toBeNull();
  });

  it("keeps the pile's top cards, the newest last, and counts the ones under them", () => {
    const pile = ['2S1', '3S1', '4S1', '5S1', '6S1'];
    expect(pileTop(pile, 3)).toEqual({ shown: ['4S1', '5S1', '6S1'], under: 2 });
    expect(pileTop(pile, 8)).toEqual({ shown: pile, under: 0 });
    expect(pileTop(pile, 0)).toEqual({ shown: [], under: 5 });
    expect(pileTop([], 8)).toEqual({ shown: [], under: 0 });
  });
});
