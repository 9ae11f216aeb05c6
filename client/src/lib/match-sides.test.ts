import { describe, expect, it } from 'vitest';
import { sheetColumns, sidesOf } from './match-sides';

const seat = (n: number, rank: number, score: number) => ({ seat: n, name: `p${n}`, kind: 'human' as const, score, rank });

describe('a match page by sides', () => {
  it('puts partners together, best first, with their one score', () => {
    const match = { seats: [seat(0, 0, 156), seat(1, 2, 24), seat(2, 0, 156), seat(3, 2, 24)], teams: [[0, 2], [1, 3]] };
    const sides = sidesOf(match);
    expect(sides.map((s) => [s.members.map((m) => m.name), s.place, s.score])).toEqual([
      [['p0', 'p2'], 1, 156],
      [['p1', 'p3'], 2, 24],
    ]);
    expect(sheetColumns({ ...match, seats: [...match.seats].reverse() }).map((s) => s.members[0]?.seat)).toEqual([0, 1]);
  });

  it('keeps each seat alone without teams', () => {
    const match = { seats: [seat(0, 1, -100), seat(1, 0, 300)], teams: null };
    expect(sidesOf(match).map((s) => [s.members.map((m) => m.seat), s.place])).toEqual([
      [[1], 1],
      [[0], 2],
    ]);
    expect(sheetColumns(match).map((s) => s.score)).toEqual([-100, 300]);
  });
});
