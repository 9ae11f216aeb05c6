// A finished match's sides as its screens show them: each seat alone, or partners together
// (Baloot's teams, whose members share one score, BA-1): the match page and the result at
// the table both rank sides, not seats.
import type { MatchSummary } from './api';

export type MatchSeat = MatchSummary['seats'][number];

/** What a side needs of each seat: its number, its rank (0 is first), its score. */
export interface Ranked {
  seat: number;
  rank: number;
  score: number;
}

export interface Side<T extends Ranked = MatchSeat> {
  /** The seats of this side, in seat order. */
  members: T[];
  rank: number;
  /** The side's place from 1, among sides (partners ranked 0, 0, 2, 2 are 1st and 2nd). */
  place: number;
  score: number;
}

/** The sides, best place first (ties by seat). */
export function sidesOf<T extends Ranked>(match: { seats: readonly T[]; teams?: number[][] | null }): Side<T>[] {
  const bySeat = new Map(match.seats.map((s) => [s.seat, s]));
  const groups = match.teams ?? match.seats.map((s) => [s.seat]);
  const sides: Side<T>[] = groups
    .map((team) => team.map((n) => bySeat.get(n)).filter((s): s is T => s !== undefined))
    .filter((members) => members.length > 0)
    .map((members) => {
      const first = members[0] as T;
      return { members, rank: Math.min(...members.map((m) => m.rank)), place: 0, score: first.score };
    });
  for (const side of sides) side.place = 1 + sides.filter((o) => o.rank < side.rank).length;
  return sides.sort((a, b) => a.rank - b.rank || (a.members[0]?.seat ?? 0) - (b.members[0]?.seat ?? 0));
}

/** A match's winner: the one side in first place, or null for a tie. */
export function winnerOf<T extends Ranked>(sides: readonly Side<T>[]): Side<T> | null {
  const first = sides.filter((s) => s.place === 1);
  return first.length === 1 ? (first[0] ?? null) : null;
}
