// What an update looks like on screen, beat by beat (see pace.ts): the view shown, then, if
// the update finished a trick, the trick held and collected (a deal's last trick on that
// deal's table, before the next deal's view); a finished deal's summary; the next deal
// dealt; a result worth a look. Until the last beat the table is "settling": no
// decision is offered, so "your turn" appears only once the screen has caught up.
import type { Effect as Sound } from '../sound';
import type { FinishedTrick } from '../view';
import { lastDealDone, type GameView } from './game-view';
import { timingOf, type Beat, type Speed, type Timing } from './pace';

export interface ClockState {
  seats: number[];
  /** When it runs out, in this browser's clock (ms). */
  deadline: number;
  limit: number;
}

/** A version of the table as the screen shows it. */
export interface Shown {
  version: number;
  events: string[];
  view: GameView | null;
  clock: ClockState | null;
}

export type TableEffect =
  | { kind: 'show'; shown: Shown; settling: boolean }
  | { kind: 'hold'; trick: FinishedTrick }
  | { kind: 'collect' }
  | { kind: 'dealOver'; deal: number }
  | { kind: 'deal'; deal: number }
  | { kind: 'wait' }
  | { kind: 'settled' }
  | { kind: 'over'; frame: Record<string, unknown> };

/** What a game tells the pace about its updates (lib/table/boards.ts binds them). */
export interface PaceHooks {
  /** The trick this update finished, to hold on screen before it is collected. */
  trick?: (events: readonly string[], before: GameView | null, after: GameView | null) => FinishedTrick | null;
  /** A result in this update worth `timing.reveal` before the next decision. */
  reveals?: (events: readonly string[]) => boolean;
  /** The sound of this update's events as they show ('play' for a card…). */
  sound?: (events: readonly string[]) => Sound | null;
}

export interface PlanInput {
  shown: Shown;
  /** The view on screen before this update (null: none yet). */
  before: GameView | null;
  /** This update is the player's own move. */
  own: boolean;
  speed: Speed;
  /** Deal the cards with a flourish (not when fast, off, or with reduced motion). */
  animateDeal: boolean;
  hooks: PaceHooks;
}

export function planUpdate(p: PlanInput): Beat<TableEffect>[] {
  const t: Timing = timingOf(p.speed);
  const after = p.shown.view;
  const trick = p.hooks.trick?.(p.shown.events, p.before, after) ?? null;
  const dealDone = p.before !== null && after !== null && lastDealDone(after) > lastDealDone(p.before);
  const newDeal = p.before !== null && after !== null && after.deal > p.before.deal;
  const reveal = p.hooks.reveals?.(p.shown.events) ?? false;
  const settling = trick !== null || dealDone || (newDeal && p.animateDeal) || reveal;

  const beats: Beat<TableEffect>[] = [];
  const show: Beat<TableEffect> = {
    effect: { kind: 'show', shown: p.shown, settling },
    ms: settling ? 0 : p.own ? t.own : t.card,
    essential: true,
  };
  if (trick && p.before && (dealDone || newDeal)) {
    // A deal's last trick is held on that deal's table: the next deal's view (its hand,
    // its number, the decision it owes) shows only once the trick has left, never under it.
    const ended: Shown = { ...p.shown, view: lastLook(p.before, trick), clock: null };
    beats.push({ effect: { kind: 'show', shown: ended, settling: true }, ms: 0, essential: false });
    beats.push({ effect: { kind: 'hold', trick }, ms: t.trick, essential: false });
    beats.push({ effect: { kind: 'collect' }, ms: t.collect, essential: false });
    // Its events were heard with the last look (a card's sound is not played twice).
    beats.push({ ...show, effect: { kind: 'show', shown: { ...p.shown, events: [] }, settling } });
  } else {
    beats.push(show);
    if (trick) {
      beats.push({ effect: { kind: 'hold', trick }, ms: t.trick, essential: false });
      beats.push({ effect: { kind: 'collect' }, ms: t.collect, essential: false });
    }
  }
  if (reveal) beats.push({ effect: { kind: 'wait' }, ms: t.reveal, essential: false });
  if (dealDone && after) beats.push({ effect: { kind: 'dealOver', deal: lastDealDone(after) }, ms: t.dealOver, essential: true });
  if (newDeal && after && p.animateDeal) beats.push({ effect: { kind: 'deal', deal: after.deal }, ms: t.deal, essential: false });
  if (settling) beats.push({ effect: { kind: 'settled' }, ms: 0, essential: true });
  return beats;
}

/** The deal that just ended as its last trick lands: the view before, the trick's cards
 * gone from the hand, nobody to move (no decision is offered on a deal that is over). */
export function lastLook(before: GameView, trick: FinishedTrick): GameView {
  const hand = before.hand?.filter((c) => !trick.cards.includes(c)) ?? null;
  return { ...before, hand, to_move: [], legal: [] };
}
