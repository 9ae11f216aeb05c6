import { describe, expect, it } from 'vitest';
import { sidesOf, winnerOf } from './match-sides';

const seat = (n: number, rank: number, score: number) => ({ seat: n, name: `p${n}`, kind: 'human' as const, score, rank });

describe('a match page by sides', () => {
  it('puts partners together, best first, with their one score', () => {
    const match = { seats: [seat(0, 0, 156), seat(1, 2, 24), seat(2, 0, 156), seat(3, 2, 24)], teams: [[0, 2], [1, 3]] };
    const sides = sidesOf(match);
    expect(sides.map((s) => [s.members.map((m) => m.name), s.place, s.score])).toEqual([
      [['p0', 'p2'], 1, 156],
      [['p1', 'p3'], 2, 24],
    ]);
    // Read in any order, the sides come by place.
    expect(sidesOf({ ...match, seats: [...match.seats].reverse() }).map((s) => s.members[0]?.seat)).toEqual([0, 1]);
  });

  it('keeps each seat alone without teams', () => {
    const match = { seats: [seat(0, 1, -100), seat(1, 0, 300)], teams: null };
    expect(sidesOf(match).map((s) => [s.members.map((m) => m.seat), s.place])).toEqual([
      [[1], 1],
      [[0], 2],
    ]);
  });
});

describe('the winner of a match', () => {
  it('is a team when partners share first place, a tie only between sides', () => {
    const seats = [0, 1, 2, 3].map((n) => ({ seat: n, rank: n % 2 === 0 ? 2 : 0, score: n % 2 === 0 ? 15 : 173 }));
    const team = winnerOf(sidesOf({ seats, teams: [[0, 2], [1, 3]] }));
    expect(team?.members.map((m) => m.seat)).toEqual([1, 3]);
    // Alone, two seats sharing first place are a tie.
    expect(winnerOf(sidesOf({ seats, teams: null }))).toBeNull();
  });
});
