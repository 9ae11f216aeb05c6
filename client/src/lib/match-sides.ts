// A finished match's sides as its page shows them: each seat alone, or partners together
// (Baloot's teams, whose members share one score, BA-1).
import type { MatchSummary } from './api';

export type MatchSeat = MatchSummary['seats'][number];

export interface Side {
  /** The seats of this side, in seat order. */
  members: MatchSeat[];
  rank: number;
  /** The side's place from 1, among sides (partners ranked 0, 0, 2, 2 are 1st and 2nd). */
  place: number;
  score: number;
}

/** The sides, best place first (ties by seat). */
export function sidesOf(match: Pick<MatchSummary, 'seats' | 'teams'>): Side[] {
  const bySeat = new Map(match.seats.map((s) => [s.seat, s]));
  const groups = match.teams ?? match.seats.map((s) => [s.seat]);
  const sides = groups
    .map((team) => team.map((n) => bySeat.get(n)).filter((s): s is MatchSeat => s !== undefined))
    .filter((members) => members.length > 0)
    .map((members) => {
      const first = members[0] as MatchSeat;
      return { members, rank: Math.min(...members.map((m) => m.rank)), place: 0, score: first.score };
    });
  for (const side of sides) side.place = 1 + sides.filter((o) => o.rank < side.rank).length;
  return sides.sort((a, b) => a.rank - b.rank || (a.members[0]?.seat ?? 0) - (b.members[0]?.seat ?? 0));
}

/** The score sheet's columns: a side's first seat stands for it (partners score alike). */
export function sheetColumns(match: Pick<MatchSummary, 'seats' | 'teams'>): Side[] {
  return [...sidesOf(match)].sort((a, b) => (a.members[0]?.seat ?? 0) - (b.members[0]?.seat ?? 0));
}
