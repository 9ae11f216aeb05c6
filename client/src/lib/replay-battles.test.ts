import { describe, expect, it } from 'vitest';
import { replayBattles } from './replay-battles';

// Two battles of deal 1's 9th hand (HT-7): seat 0's attacker JK beats seat 1's defender,
// for seat 1's loot; seat 1's 5H beats seat 0's defender 9S, for seat 0's loot.
const battles = [
  { name: 'A', attacker_seat: 0, attacker: 'JK', defender_seat: 1, defender: 'KH', loot_seat: 1, winner: 0, why: 'joker', rule: 'HT-9' },
  { name: 'B', attacker_seat: 1, attacker: '5H', defender_seat: 0, defender: '9S', loot_seat: 0, winner: 1, why: 'trump', rule: 'HT-11' },
];
const deal1 = { deal: 1, loot: [['QH'], ['2S']], loot_points: [12, 0], loot_counts: [10, 8], bonus: [59, 0], points: [71, 0] };

function view(seat: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    game: 'hearts-trumps',
    seat,
    deal: 2,
    round: 1,
    hand_no: 1,
    phase: 'place',
    to_move: [0, 1],
    placed: [false, false],
    legal: [],
    hand: [],
    hand_counts: [6, 6],
    last_hand: { deal: 1, hand_no: 9, my_loot: seat === 0 ? 'QH' : '2S', battles },
    totals: [71, 0],
    target: 500,
    history: [deal1],
    ...extra,
  };
}

describe("Hearts Are Trumps' battles in a replay", () => {
  it("puts both seats' loot together, each in the battle fought for it, with its points", () => {
    const b = replayBattles([view(0), view(1)], 'hearts-trumps');
    expect(b?.hand.battles.map((x) => x.name)).toEqual(['A', 'B']);
    expect(b?.loot).toEqual(['QH', '2S']);
    // Battle A was for seat 1's loot (2S: no points), battle B for seat 0's (QH: 12, HT-13).
    expect(b?.points).toEqual([0, 12]);
  });

  it("says when the position's move fought them, and then shows the deal's score if it ended one", () => {
    const fought = replayBattles([view(0), view(1)], 'hearts-trumps');
    expect(fought?.fresh).toBe(true);
    expect(fought?.deal?.points).toEqual([71, 0]);
    expect(fought?.totals).toEqual([71, 0]);
    // A seat has placed for the next hand: the battles shown are the hand before's.
    const next = [view(0, { placed: [true, false] }), view(1, { placed: [true, false] })];
    expect(replayBattles(next, 'hearts-trumps')?.fresh).toBe(false);
    expect(replayBattles(next, 'hearts-trumps')?.deal).toBeNull();
  });

  it('names no deal score for a hand that did not end its deal', () => {
    const mid = { deal: 2, hand_no: 3, battles };
    const views = [0, 1].map((s) => view(s, { last_hand: { ...mid, my_loot: s === 0 ? 'JK' : '7C' } }));
    const b = replayBattles(views, 'hearts-trumps');
    expect(b?.fresh).toBe(true);
    expect(b?.deal).toBeNull();
    expect(b?.points).toEqual([0, 25]);
  });

  it('leaves out a loot card no view of that hand names', () => {
    const other = view(1, { last_hand: { deal: 1, hand_no: 8, my_loot: '3H', battles } });
    expect(replayBattles([view(0), other], 'hearts-trumps')?.loot).toEqual(['QH', null]);
    expect(replayBattles([view(0), other], 'hearts-trumps')?.points).toEqual([null, 12]);
    // A spectator's view (seat null) says no loot at all.
    expect(replayBattles([view(0, { seat: null, last_hand: { deal: 1, hand_no: 9, my_loot: null, battles } })], 'hearts-trumps')?.loot).toEqual([null]);
  });

  it('shows nothing before the first battle, or for another game', () => {
    expect(replayBattles([view(0, { last_hand: null }), view(1, { last_hand: null })], 'hearts-trumps')).toBeNull();
    expect(replayBattles([view(0, { game: 'king-bolola' })], 'king-bolola')).toBeNull();
    expect(replayBattles([], 'hearts-trumps')).toBeNull();
    expect(replayBattles([{ seat: 0 }], 'hearts-trumps')).toBeNull();
  });
});
