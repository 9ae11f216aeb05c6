// The view of any game, tagged by its `game` field: one union the shell and the client
// hold, narrowed by each board to its own game's type (no casts anywhere past the wire).
import type { BalootView } from '../baloot';
import type { HtView } from '../hearts-trumps';
import type { JollyView } from '../jolly';
import type { KingBololaView } from '../view';

/** Every game's view. A new game adds its view type here. */
export type GameView = KingBololaView | HtView | BalootView | JollyView;
export type GameId = GameView['game'];
export type ViewOf<G extends GameId> = Extract<GameView, { game: G }>;

export const GAME_IDS: readonly GameId[] = ['king-bolola', 'hearts-trumps', 'baloot', 'jolly'];
export const FLAGSHIP: GameId = 'king-bolola';

export function isGameId(x: unknown): x is GameId {
  return GAME_IDS.some((g) => g === x);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The shape every game's view shares, checked on what the wire brought. */
function isGameView(x: Record<string, unknown>): x is Record<string, unknown> & GameView {
  return (
    isGameId(x.game) &&
    typeof x.deal === 'number' &&
    typeof x.phase === 'string' &&
    Array.isArray(x.to_move) &&
    Array.isArray(x.legal) &&
    Array.isArray(x.hand_counts) &&
    Array.isArray(x.totals) &&
    Array.isArray(x.history)
  );
}

/**
 * A view from the wire, tagged with its game: its own `game` field, else the game the
 * frame named (an older server's King Bolola view had none). Null when it is none of the
 * games this client knows, or not a view at all.
 */
export function tagView(raw: unknown, frameGame: string | null): GameView | null {
  if (!isRecord(raw)) return null;
  const tagged = typeof raw.game === 'string' ? raw : { ...raw, game: frameGame };
  return isGameView(tagged) ? tagged : null;
}

/** `view` is `game`'s. */
export function isView<G extends GameId>(view: GameView, game: G): view is ViewOf<G> {
  return view.game === game;
}

/** The view as `game`'s, or null when it is another game's (or none). */
export function viewOf<G extends GameId>(view: GameView | null | undefined, game: G): ViewOf<G> | null {
  return view && isView(view, game) ? view : null;
}

/** The player at `me` owes a decision in this view: it is their move and the match is on. */
export function owes(view: GameView | null, me: number | null): boolean {
  return view !== null && me !== null && view.phase !== 'over' && view.to_move.includes(me);
}

/** The number of the last finished deal in the view's history (0 before the first). */
export function lastDealDone(view: GameView | null): number {
  return view?.history.at(-1)?.deal ?? 0;
}
