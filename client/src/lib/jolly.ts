// Jolly at the table: the view the server sends (JollyView.to_json()) and the pure pieces
// the screen needs. Cards travel by id (`7H1`, `7H2`, `JK3`: two decks and six jokers);
// actions name faces (`discard:7H`). The board knows no rules: what it may offer comes
// from the legal actions in the view, and the finder's reading of the hand from the view.
import { parseCard, SUITS } from './cards';
import type { Key } from './i18n.svelte';

export type JollyPhase = 'draw' | 'play' | 'scored' | 'over';

export interface JollySlot {
  /** The card's id. */
  card: string;
  /** What it stands for (a joker's assignment; a natural card is itself). */
  as: string;
  /** The seat that put it down. */
  by: number;
}

export interface JollyMeld {
  id: number;
  kind: 'set' | 'run';
  cards: JollySlot[];
}

export interface JollySeatScore {
  /** Each card put down this round, with its points. */
  table: [string, number][];
  /** Each card left in hand, with its (negative) points. */
  hand: [string, number][];
  bonus: number;
  points: number;
}

export interface JollyRound {
  round: number;
  closer: number | null;
  mano_jolly: boolean;
  points: number[];
  seats: JollySeatScore[];
}

export interface JollyFinding {
  melds: string[];
  points: number;
  can_open: boolean;
  show: string | null;
}

export interface JollyView {
  game: 'jolly';
  seat: number | null;
  to_move: number[];
  legal: string[];
  players: number;
  target: number;
  round: number;
  deal: number;
  dealer: number;
  phase: JollyPhase;
  turn: { seat: number; drew: 'stock' | 'pile' | null; opened: boolean } | null;
  hand: string[] | null;
  hand_counts: number[];
  stock: number;
  /** Oldest first: `take:N` takes the last N. */
  pile: string[];
  /** By the seat that put each meld down. */
  melds: JollyMeld[][];
  opened: boolean[];
  totals: number[];
  history: { deal: number; points: number[] }[];
  last_round: JollyRound | null;
  winner: number | null;
  finder: JollyFinding | null;
}

/** The seats a finished round still waits on to continue, while the table is between
 * rounds; null otherwise (no one is asked). */
export function waitingOf(view: Pick<JollyView, 'phase' | 'to_move'> | null): ReadonlySet<number> | null {
  return view?.phase === 'scored' ? new Set(view.to_move) : null;
}

export const TARGETS: readonly number[] = [100, 250, 500]; // JO-20
export const PLAYERS: readonly number[] = [2, 3, 4]; // JO-1

/** A card's face from its id: `7H1` → `7H`, `JK3` → `JK`. */
export function faceOf(id: string): string {
  return id.startsWith('JK') ? 'JK' : id.slice(0, 2);
}

const SUIT_RANK: Record<string, number> = Object.fromEntries(SUITS.map((s, i) => [s, i]));

/** Ids in a readable order: by suit, then rank (ace high), jokers last. */
export function sortIds(ids: readonly string[]): string[] {
  const key = (id: string): [number, number] => {
    const f = faceOf(id);
    if (f === 'JK') return [9, 0];
    const c = parseCard(f);
    return [SUIT_RANK[c.suit] ?? 0, c.value];
  };
  return [...ids].sort((a, b) => {
    const [sa, va] = key(a);
    const [sb, vb] = key(b);
    return sa - sb || va - vb || a.localeCompare(b);
  });
}

/** The hand in the player's own order (kept where still held), new cards at the end. */
export function arrangeIds(hand: readonly string[], order: readonly string[]): string[] {
  const held = new Set(hand);
  const kept = order.filter((c) => held.has(c));
  if (kept.length === 0) return sortIds(hand);
  const known = new Set(kept);
  return [...kept, ...sortIds(hand.filter((c) => !known.has(c)))];
}

/** The faces of a meld's text (`9H,JK=TH,JH` → `9H JK JH`). */
export function meldFaces(spec: string): string[] {
  return spec.split(',').map((p) => (p.startsWith('JK') ? 'JK' : p.slice(0, 2)));
}

/**
 * Which cards of the hand each of the finder's melds would use (for underlining): the
 * meld's index per card id, first copies first.
 */
export function underline(hand: readonly string[], melds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  melds.forEach((spec, k) => {
    for (const f of meldFaces(spec)) {
      const id = hand.find((c) => faceOf(c) === f && !out.has(c));
      if (id !== undefined) out.set(id, k);
    }
  });
  return out;
}

/** How many cards `take:N` takes to reach the pile's card at `index` (oldest first). */
export function depthOf(pile: readonly string[], index: number): number {
  return pile.length - index;
}

/** The `take:N` actions the player may make, as depths. */
export function takeDepths(legal: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (const a of legal) {
    const m = /^take:(\d+)$/.exec(a);
    if (m) out.add(Number(m[1]));
  }
  return out;
}

/** The legal discard of a card, if any. */
export function discardFor(legal: readonly string[], id: string): string | null {
  const a = `discard:${faceOf(id)}`;
  return legal.includes(a) ? a : null;
}

/** The legal lay-offs of a card: meld id → the action (a joker may go on several ways). */
export function laysFor(legal: readonly string[], id: string): Map<number, string> {
  const out = new Map<number, string>();
  const f = faceOf(id);
  for (const a of legal) {
    const m = /^lay:(\d+):(\S+)$/.exec(a);
    if (!m) continue;
    const piece = m[2] ?? '';
    if ((piece.startsWith('JK') ? 'JK' : piece) === f && !out.has(Number(m[1]))) out.set(Number(m[1]), a);
  }
  return out;
}

/** The legal joker swaps with a card: meld id → the action. */
export function swapsFor(legal: readonly string[], id: string): Map<number, string> {
  const out = new Map<number, string>();
  const f = faceOf(id);
  for (const a of legal) {
    const m = /^swap:(\d+):(\S+)$/.exec(a);
    if (m && m[2] === f) out.set(Number(m[1]), a);
  }
  return out;
}

/** Melds any card of the hand may be laid off on, and jokers any card may replace. */
export function targets(legal: readonly string[]): { lay: Set<number>; swap: Set<number> } {
  const lay = new Set<number>();
  const swap = new Set<number>();
  for (const a of legal) {
    let m = /^lay:(\d+):/.exec(a);
    if (m) lay.add(Number(m[1]));
    m = /^swap:(\d+):/.exec(a);
    if (m) swap.add(Number(m[1]));
  }
  return { lay, swap };
}

/**
 * What the player may do now that the turn's draw is made, in the status line's words,
 * read from the legal actions alone: after an opening only the discard is left that turn
 * (JO-8); before opening, an opening if the hand makes one (JO-8); once opened in an
 * earlier turn, melds and lay-offs or swaps where there are any (JO-9).
 */
export function playPrompt(legal: readonly string[], openedNow: boolean): Key {
  const has = (prefix: string): boolean => legal.some((a) => a.startsWith(prefix));
  if (has('open:')) return 'joYourOpen';
  const meld = has('meld:');
  const lay = has('lay:') || has('swap:');
  if (meld && lay) return 'joYourPlay';
  if (meld) return 'joYourMeld';
  if (lay) return 'joYourLay';
  return openedNow ? 'joYourDiscardOpened' : 'joYourDiscard';
}

/** A parsed event line of an update (the server's ``str(event)``). */
export type JollyEvent =
  | { kind: 'round'; round: number; dealer: number }
  | { kind: 'draw'; seat: number }
  | { kind: 'take'; seat: number; cards: string[] }
  | { kind: 'meld'; seat: number }
  | { kind: 'lay'; seat: number }
  | { kind: 'swap'; seat: number }
  | { kind: 'discard'; seat: number; card: string }
  | { kind: 'close'; seat: number; mano: boolean }
  | { kind: 'score'; round: number }
  | { kind: 'continue'; seat: number }
  | { kind: 'other'; text: string };

export function parseJollyEvent(text: string): JollyEvent {
  let m = /^round (\d+) dealer (\d)/.exec(text);
  if (m) return { kind: 'round', round: Number(m[1]), dealer: Number(m[2]) };
  m = /^(?:draw|drew) (\d)/.exec(text);
  if (m) return { kind: 'draw', seat: Number(m[1]) };
  m = /^take (\d) (.*)$/.exec(text);
  if (m) return { kind: 'take', seat: Number(m[1]), cards: (m[2] ?? '').split(' ').filter(Boolean) };
  m = /^(?:open|meld) (\d)/.exec(text);
  if (m) return { kind: 'meld', seat: Number(m[1]) };
  m = /^lay (\d)/.exec(text);
  if (m) return { kind: 'lay', seat: Number(m[1]) };
  m = /^swap (\d)/.exec(text);
  if (m) return { kind: 'swap', seat: Number(m[1]) };
  m = /^discard (\d) (\S+)$/.exec(text);
  if (m) return { kind: 'discard', seat: Number(m[1]), card: m[2] ?? '' };
  m = /^close (\d)( mano jolly)?$/.exec(text);
  if (m) return { kind: 'close', seat: Number(m[1]), mano: m[2] !== undefined };
  m = /^score (\d+)/.exec(text);
  if (m) return { kind: 'score', round: Number(m[1]) };
  m = /^continue (\d)$/.exec(text);
  if (m) return { kind: 'continue', seat: Number(m[1]) };
  return { kind: 'other', text };
}
