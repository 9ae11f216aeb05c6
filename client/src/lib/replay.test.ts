import { describe, expect, it } from 'vitest';
import {
  clampVersion,
  faceOf,
  handOf,
  jollyTableOf,
  mistakeText,
  mistakesOf,
  parseAnalysis,
  parsePosition,
  parseReplay,
  pileTop,
  splitMove,
  timelinePercent,
  toMoveOf,
  trickOf,
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
    expect(mistakeText(m!, name, 'en')).toBe('seat 2, move 31: played Q♠, best 7♥, −12 points (estimate ±3)');
    expect(mistakeText({ ...m!, exact: true }, name, 'es')).toBe('seat 2, jugada 31: jugó Q♠, mejor 7♥, −12 puntos (exacto)');
    expect(mistakeText({ ...m!, spread: null }, name, 'en')).toContain('(estimate ±?)');
    expect(mistakeText(m!, name, 'ar')).toContain('31');
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
    expect(trickOf({ trick: { leader: 1, cards: ['7H', 'QS'] } })).toEqual(['7H', 'QS']);
    expect(trickOf({ trick: [{ seat: 0, card: 'AS' }, { seat: 1 }] })).toEqual(['AS']);
    expect(trickOf({ trick: null })).toEqual([]);
    expect(toMoveOf({ to_move: [0, 'x', 2] })).toEqual([0, 2]);
    expect(faceOf('7H1')).toBe('7H');
    expect(faceOf('JK3')).toBe('JK');
    expect(faceOf('TS')).toBe('TS');
    expect(faceOf('xx')).toBeNull();
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
