import { describe, expect, it } from 'vitest';
import { isGameId, lastDealDone, owes, tagView, viewOf } from './game-view';

const kb = {
  game: 'king-bolola',
  seat: 0,
  deal: 3,
  declarer: 1,
  phase: 'play',
  to_move: [0],
  legal: ['2S'],
  hand: ['2S'],
  hand_counts: [1, 1, 1, 1],
  contract: 'queens',
  trump: null,
  trick: null,
  tricks: [],
  points: [0, 0, 0, 0],
  tricks_won: [0, 0, 0, 0],
  totals: [0, 0, 0, 0],
  offered: [],
  quota_left: {},
  history: [{ deal: 2, declarer: 0, contract: 'tricks', trump: null, points: [0, 0, 0, 0], tricks_played: 13 }],
  options: {},
};

const ht = {
  game: 'hearts-trumps',
  seat: 1,
  deal: 1,
  round: 1,
  hand_no: 1,
  phase: 'place',
  to_move: [0],
  placed: [false, true],
  legal: [],
  hand: [],
  hand_counts: [6, 3],
  my_placement: null,
  last_hand: null,
  loot_taken: [0, 0],
  my_loot: [],
  pile: [],
  totals: [0, 0],
  target: 500,
  history: [],
  options: {},
};

describe('tagged views', () => {
  it('knows the games by id', () => {
    expect(isGameId('king-bolola')).toBe(true);
    expect(isGameId('hearts-trumps')).toBe(true);
    expect(isGameId('zebra')).toBe(false);
    expect(isGameId(undefined)).toBe(false);
  });

  it('tags a view by its own game, else by the frame', () => {
    expect(tagView(kb, null)?.game).toBe('king-bolola');
    const { game: _omitted, ...untagged } = kb;
    expect(tagView(untagged, 'king-bolola')?.game).toBe('king-bolola');
    expect(tagView(untagged, null)).toBeNull();
    expect(tagView({ ...kb, game: 'zebra' }, 'king-bolola')).toBeNull();
    expect(tagView(null, 'king-bolola')).toBeNull();
    expect(tagView({ game: 'king-bolola' }, null)).toBeNull(); // not a view
  });

  it('narrows a view to its game', () => {
    const v = tagView(ht, null);
    expect(viewOf(v, 'hearts-trumps')?.target).toBe(500);
    expect(viewOf(v, 'king-bolola')).toBeNull();
    expect(viewOf(tagView(kb, null), 'king-bolola')?.contract).toBe('queens');
    expect(viewOf(null, 'king-bolola')).toBeNull();
  });

  it('says when a seat owes a decision', () => {
    const k = tagView(kb, null);
    expect(owes(k, 0)).toBe(true);
    expect(owes(k, 1)).toBe(false);
    expect(owes(k, null)).toBe(false);
    expect(owes(tagView({ ...kb, phase: 'over' }, null), 0)).toBe(false);
    // Hearts Are Trumps: a seat that has placed is no longer to move.
    const h = tagView(ht, null);
    expect(owes(h, 1)).toBe(false);
    expect(owes(h, 0)).toBe(true);
  });

  it('finds the last finished deal', () => {
    expect(lastDealDone(tagView(kb, null))).toBe(2);
    expect(lastDealDone(tagView(ht, null))).toBe(0);
    expect(lastDealDone(null)).toBe(0);
  });
});
