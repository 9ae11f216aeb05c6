// The board registry's contract: what the table shell hands each game's parts, and what a
// game's entry gives the shell (lib/table/boards.ts lists one entry per game).
import type { Component } from 'svelte';
import type { SeatInfo } from '../api';
import type { HeldTrick } from '../client.svelte';
import type { Key } from '../i18n.svelte';
import type { Over } from '../view';
import type { GameId, GameView } from './game-view';
import type { ClockState, PaceHooks } from './plan';
import type { Place } from './seats';

/** The table as the screen shows it (the pace queue's view, not the latest received). */
export interface TableView {
  id: number;
  game: GameId;
  view: GameView | null;
  /** This player's seat; null for a spectator. */
  me: number | null;
  seats: SeatInfo[];
  status: 'open' | 'playing' | 'over' | null;
  /** The player owes a decision now, on screen: their move, nothing settling, nothing sent. */
  owes: boolean;
  /** A move of this player's is on its way to the server. */
  busy: boolean;
  /** The screen is catching up inside an update (a trick held, a deal dealt). */
  settling: boolean;
  held: HeldTrick | null;
  dealing: number | null;
  clock: ClockState | null;
  over: Over | null;
  nameOf: (seat: number) => string;
  placeOf: (seat: number) => Place;
  act: (action: string) => void;
}

export interface BoardProps {
  table: TableView;
}

export interface SeatExtrasProps {
  table: TableView;
  seat: number;
  place: Place;
}

export interface DealOverProps {
  table: TableView;
  deal: number;
  /** The panel's "continue"; none inside the match's result, which stays. */
  onclose?: () => void;
}

/**
 * A game's entry in the board registry. The board draws into two areas of the felt's grid,
 * `centre` (what is played) and `hand` (the player's cards and decision), as top-level
 * elements with `grid-area: centre` and `grid-area: hand`; the shell draws the seats, the
 * bar, the tabs, the dialogs and the clocks around them.
 */
export interface BoardEntry {
  /** The game's name in the bar. */
  title: Key;
  Board: Component<BoardProps>;
  /** The bar's game-specific chips (the deal, the contract…). */
  Bar: Component<BoardProps>;
  /** The score tab, and its label. */
  Sheet: Component<BoardProps>;
  sheetLabel: Key;
  /** What each seat shows beyond who sits there (tricks, points, loot…). */
  SeatExtras: Component<SeatExtrasProps>;
  /** A finished deal's summary, shown beside the board (never over it). */
  DealOver: Component<DealOverProps>;
  /** The status line of the bar. */
  status: (table: TableView) => string;
  /** A note on each seat's final score in the match result ("wins"), if the game has one. */
  resultNote?: (score: number) => string;
  /** Extra data- attributes of the table element (for tests and styles). */
  attrs?: (table: TableView) => Record<string, string>;
  /** The game's part in the table's pace (held tricks, results worth a look, sounds). */
  pace: PaceHooks;
}
