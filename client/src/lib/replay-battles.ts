// Hearts Are Trumps' battles in a match's replay (HT-7 … HT-14), from what the seats'
// views at a position already say: every view names the last hand's battles; each names
// only its own seat's loot card of that hand (HT-8), but after the match the replay shows
// every seat's cards, so the loot cards of both views are put together; and when that
// hand ended its deal, the views' history has the deal's score.

import { lootValue, type HtDeal, type HtLastHand } from './hearts-trumps';
import { tagView, viewOf } from './table/game-view';

export interface ReplayBattles {
  hand: HtLastHand;
  /** Each seat's loot card of that hand, by the seat that laid it; null where no view says. */
  loot: (string | null)[];
  /** What the loot each battle was fought for scores (HT-13), in the battles' order. */
  points: (number | null)[];
  /** The position's move fought them. Else they are the hand before, kept on show (as at
   * the table) while the next hand is being placed. */
  fresh: boolean;
  /** The deal's score, when the move fought its last hand. */
  deal: HtDeal | null;
  totals: number[];
  target: number;
}

/** The battles to show at a position: null before the first hand is fought, and for
 * another game's views. `game` names the game of views that do not say it themselves. */
export function replayBattles(views: readonly Record<string, unknown>[], game: string): ReplayBattles | null {
  const seen = views.map((raw) => viewOf(tagView(raw, game), 'hearts-trumps'));
  const first = seen[0];
  const hand = first?.last_hand;
  if (!first || !hand || !Array.isArray(hand.battles)) return null;
  const loot: (string | null)[] = views.map(() => null);
  seen.forEach((v, i) => {
    const own = v?.last_hand;
    const seat = typeof v?.seat === 'number' ? v.seat : i;
    // Only a view of the same hand: a view from another position would name other loot.
    if (own && own.deal === hand.deal && own.hand_no === hand.hand_no && typeof own.my_loot === 'string') {
      loot[seat] = own.my_loot;
    }
  });
  // No seat has placed for the next hand yet: this position's move was the second
  // placement of the hand shown, which fought its battles (HT-6, HT-7).
  const fresh = !(Array.isArray(first.placed) && first.placed.some(Boolean));
  return {
    hand,
    loot,
    points: hand.battles.map((b) => {
      const card = loot[b.loot_seat];
      return typeof card === 'string' ? lootValue(card) : null;
    }),
    fresh,
    // A deal is scored when its last hand is fought (HT-13): a fresh hand of a scored deal
    // was that last hand.
    deal: fresh ? (first.history.find((d) => d.deal === hand.deal) ?? null) : null,
    totals: first.totals,
    target: first.target,
  };
}
