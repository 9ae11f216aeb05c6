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
const SUIT_ORDER: Record<Suit, number> = { S: 0, H: 1, C: 2, D: 3 };

/** A hand as a fan: grouped by suit, high cards first inside a suit. */
export function sortHand(cards: readonly string[]): string[] {
  return [...cards].sort((a, b) => {
    const x = parseCard(a);
    const y = parseCard(b);
    return SUIT_ORDER[x.suit] - SUIT_ORDER[y.suit] || y.value - x.value;
  });
}

/**
 * The hand in the player's own order: cards kept from `order` where still held, new cards
 * (a fresh deal) placed by suit. A new deal (no overlap) is sorted afresh.
 */
export function arrange(hand: readonly string[], order: readonly string[]): string[] {
  const held = new Set(hand);
  const kept = order.filter((c) => held.has(c));
  if (kept.length === 0) return sortHand(hand);
  const known = new Set(kept);
  const fresh = sortHand(hand.filter((c) => !known.has(c)));
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
