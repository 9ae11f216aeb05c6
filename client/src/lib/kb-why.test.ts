import { describe, expect, it } from 'vitest';
import { scoredPoints, signed, whyOf, whyText, type Scored } from './kb-why';
import type { DealJson, KingBololaView } from './view';

// Seat 0's Bolola minus as the server's `last_why` gives it: 3 tricks, 4 jacks and kings,
// 3 hearts, the king of hearts and trick 12; seat 1 took the rest, seats 2 and 3 nothing.
const SEAT0: [string, number, number][] = [
  ['tricks', 3, -15],
  ['jacks-kings', 4, -20],
  ['hearts', 3, -10],
  ['king-of-hearts', 1, -95],
  ['trick12', 1, -40],
];
const SEAT1: [string, number, number][] = [
  ['tricks', 10, -15],
  ['jacks-kings', 4, -20],
  ['queens', 4, -30],
  ['hearts', 10, -10],
  ['trick13', 1, -60],
];
const deal = (n: number, points: number[]): DealJson => ({ deal: n, declarer: 0, contract: 'bolola-negative', trump: null, points, tricks_played: 13 });
const DONE = deal(3, [-290, -510, 0, 0]);
const view = (history: DealJson[], last_why: KingBololaView['last_why']): Pick<KingBololaView, 'history' | 'last_why'> => ({ history, last_why });

describe("why a King Bolola deal scored what it did (KB-40 to KB-48)", () => {
  it("reads the server's items for the last finished deal", () => {
    const why = whyOf(view([deal(2, [0, 0, 0, -800]), DONE], [SEAT0, SEAT1, [], []]), 3);
    expect(why?.map(scoredPoints)).toEqual([-290, -510, 0, 0]);
    expect(why?.[0]?.[3]).toEqual({ kind: 'king-of-hearts', n: 1, each: -95 });
    expect(why?.[2]).toEqual([]);
  });

  it('says nothing of an older deal, a view without items, or items that do not add up', () => {
    expect(whyOf(view([DONE], [SEAT0, SEAT1, [], []]), 2)).toBeNull();
    expect(whyOf(view([DONE], null), 3)).toBeNull();
    expect(whyOf(view([DONE], undefined), 3)).toBeNull();
    expect(whyOf(view([DONE], [SEAT1, SEAT0, [], []]), 3)).toBeNull();
    expect(whyOf(view([DONE], [[['unknown', 1, -290]], SEAT1, [], []]), 3)).toBeNull();
    expect(whyOf(null, 3)).toBeNull();
  });

  it('says each item in words, in every language', () => {
    expect(signed(-320)).toBe('−320');
    expect(signed(50)).toBe('+50');
    expect(signed(0)).toBe('0');
    const why = whyOf(view([DONE], [SEAT0, SEAT1, [], []]), 3) as Scored[][];
    expect(whyText(why[0]!, 'en')).toBe('3 tricks × −15 · 4 jacks and kings × −20 · 3 hearts × −10 · K♥ −95 · trick 12: −40');
    expect(whyText(why[0]!, 'es')).toBe('3 bazas × −15 · 4 J y K × −20 · 3 corazones × −10 · K♥ −95 · baza 12: −40');
    expect(whyText([{ kind: 'queens', n: 1, each: -100 }], 'en')).toBe('1 queen × −100');
    expect(whyText([{ kind: 'king-of-hearts', n: 1, each: -320 }], 'es')).toBe('K♥ −320');
    expect(whyText([], 'en')).toBe('nothing that scores');
    // Arabic: its plural forms, each signed figure kept left to right (no "15−").
    const ar = whyText(why[1]!, 'ar');
    expect(ar).toContain('10 أكلات');
    expect(ar).toContain('\u2066−15\u2069');
    expect(ar).not.toMatch(/[{}]/);
  });
});
