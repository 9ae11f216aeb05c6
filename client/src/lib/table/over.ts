// A finished match's result as the table shows it, rebuilt from its last view when the
// match was over before this page joined (its `over` frame long gone).
import { teamOf, teamSeats } from '../baloot';
import type { Over } from '../view';
import { isView, type GameView } from './game-view';

/** A finished match's result from its last view, by seat, as an `over` frame has it. */
export function overOf(view: GameView, tableId: number | null): Over {
  const record = `/api/tables/${tableId ?? 0}/record`;
  if (isView(view, 'baloot')) {
    // Baloot's totals are its two teams' (BA-1): each seat has its team's, and the
    // winning team shares first place (the other third, as the server ranks them).
    const scores = view.hand_counts.map((_, s) => view.totals[teamOf(s)] ?? 0);
    const winner = view.winner;
    const ranks =
      winner === null ? placesOf(scores) : scores.map((_, s) => (teamOf(s) === winner ? 1 : 1 + scores.length / 2));
    return { scores, ranks, teams: [teamSeats(0), teamSeats(1)], record };
  }
  return { scores: [...view.totals], ranks: placesOf(view.totals), teams: null, record };
}

/** Places from 1, highest first; ties share a place. */
function placesOf(scores: readonly number[]): number[] {
  return scores.map((t) => 1 + scores.filter((x) => x > t).length);
}
