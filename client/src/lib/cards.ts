// Cards in the wire's text form: rank then suit, e.g. "QS", "TH" (KB-3).
import { t, type Key, type Lang } from './i18n.svelte';

export type Suit = 'S' | 'H' | 'D' | 'C';
export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const RANKS = '23456789TJQKA';

export interface Card {
  readonly text: string;
  readonly rank: string;
  readonly suit: Suit;
  readonly value: number; // 2..14
}

export function parseCard(text: string): Card {
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  const value = RANKS.indexOf(rank) + 2;
  if (value < 2 || !isSuit(suit)) throw new Error(`not a card: ${text}`);
  return { text, rank, suit, value };
}

export function isSuit(s: string): s is Suit {
  return s === 'S' || s === 'H' || s === 'D' || s === 'C';
}

export function isCard(text: string): boolean {
  return /^[2-9TJQKA][SHDC]$/.test(text);
}

/** The rank as printed on a face: "10" for T. */
export function rankLabel(rank: string): string {
  return rank === 'T' ? '10' : rank;
}

// Alternating colours (black, red, black, red) so neighbouring suits never share one.
const SUIT_ORDER: readonly Suit[] = ['S', 'H', 'C', 'D'];
const RED = new Set<Suit>(['H', 'D']);

/** How a game wants a hand laid out: a suit first (Baloot's trump), and a card's
 * strength inside its suit when it is not the ranks' order (Baloot's 10 over the King). */
export interface HandOrder {
  readonly first?: Suit | null;
  readonly strength?: (card: Card) => number;
}

/** The suits left to right: `first` leading, the colours still alternating after it. */
function suitSequence(first: Suit | null | undefined): Suit[] {
  if (!first) return [...SUIT_ORDER];
  const rest = SUIT_ORDER.filter((s) => s !== first);
  const other = rest.filter((s) => RED.has(s) !== RED.has(first));
  const same = rest.filter((s) => RED.has(s) === RED.has(first));
  return [first, other[0], ...same, other[1]].filter((s): s is Suit => s !== undefined);
}

/** A hand as a fan: grouped by suit, high cards first inside a suit. */
export function sortHand(cards: readonly string[], how: HandOrder = {}): string[] {
  const place = new Map(suitSequence(how.first).map((s, i) => [s, i]));
  const strength = how.strength ?? ((c: Card) => c.value);
  return [...cards].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    return (place.get(x.suit) ?? 0) - (place.get(y.suit) ?? 0) || strength(y) - strength(x);
  });
}

/**
 * The hand in the player's own order: cards kept from `order` where still held, new cards
 * (a fresh deal) placed by suit. A new deal (no overlap) is sorted afresh.
 */
export function arrange(hand: readonly string[], order: readonly string[], how: HandOrder = {}): string[] {
  const held = new Set(hand);
  const kept = order.filter((c) => held.has(c));
  if (kept.length === 0) return sortHand(hand, how);
  const known = new Set(kept);
  const fresh = sortHand(
    hand.filter((c) => !known.has(c)),
    how,
  );
  return [...kept, ...fresh];
}

/** `order` with the card at `from` moved to index `to` (indices into the arranged hand). */
export function moveCard(order: readonly string[], from: number, to: number): string[] {
  const out = [...order];
  const [card] = out.splice(from, 1);
  if (card === undefined) return out;
  out.splice(Math.max(0, Math.min(to, out.length)), 0, card);
  return out;
}

const SUIT_SIGN: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_WORD: Record<Suit, Key> = { S: 'suit_S', H: 'suit_H', D: 'suit_D', C: 'suit_C' };
const RANK_WORD: Record<string, Key> = {
  '2': 'rank_2',
  '3': 'rank_3',
  '4': 'rank_4',
  '5': 'rank_5',
  '6': 'rank_6',
  '7': 'rank_7',
  '8': 'rank_8',
  '9': 'rank_9',
  T: 'rank_T',
  J: 'rank_J',
  Q: 'rank_Q',
  K: 'rank_K',
  A: 'rank_A',
};

/** What a card shows, in text: "A♠", "10♥"; a joker shows "JOKER". */
export function cardText(card: string): string {
  if (card === 'JK') return 'JOKER';
  if (!isCard(card)) return card;
  const c = parseCard(card);
  return `${rankLabel(c.rank)}${SUIT_SIGN[c.suit]}`;
}

/**
 * A card's accessible name in the current language, starting with what it shows:
 * "A♠ ace of spades", "10♥ diez de corazones", "JOKER comodín".
 */
export function cardName(card: string, lang?: Lang): string {
  if (card === 'JK') return `JOKER ${t('joker', {}, lang)}`;
  if (!isCard(card)) return card;
  const c = parseCard(card);
  const rank = t(RANK_WORD[c.rank] ?? 'rank_A', {}, lang);
  const suit = t(SUIT_WORD[c.suit], {}, lang);
  return `${cardText(card)} ${t('cardOf', { rank, suit }, lang)}`;
}
