// Hearts Are Trumps at the table: the view the server sends (HeartsTrumpsView.to_json())
// and the pure pieces the screen needs — the placement text, and each result in words.
import { cardText } from './cards';
import { t, type Key, type Lang } from './i18n.svelte';

export type Role = 'loot' | 'attacker' | 'defender';
export const ROLES: readonly Role[] = ['loot', 'attacker', 'defender'];

/** Why a battle was won, with the rule that says so (HT-9..HT-12). */
export type Why = 'joker' | 'jokers' | 'trump' | 'hearts' | 'rank' | 'suit';

export const RULE_OF: Record<Why, string> = {
  joker: 'HT-9',
  jokers: 'HT-10',
  trump: 'HT-11',
  hearts: 'HT-11',
  rank: 'HT-12',
  suit: 'HT-12',
};

export const JOKER = 'JK';
export const JOKER_POINTS = 25; // HT-13
export const MORE_LOOT_BONUS = 59; // HT-14
export const EQUAL_LOOT_BONUS = 29; // HT-14
export const HANDS_PER_DEAL = 9; // HT-4, HT-5: four rounds of two hands, then one

export interface Placement {
  loot: string;
  attacker: string;
  defender: string;
}

export interface HtBattle {
  name: string;
  attacker_seat: number;
  attacker: string;
  defender_seat: number;
  defender: string;
  loot_seat: number;
  winner: number;
  why: Why;
  rule: string;
}

export interface HtLastHand {
  deal: number;
  hand_no: number;
  my_loot: string | null;
  battles: HtBattle[];
}

export interface HtDeal {
  deal: number;
  loot: string[][];
  loot_points: number[];
  loot_counts: number[];
  bonus: number[];
  points: number[];
}

export interface HtView {
  game: 'hearts-trumps';
  seat: number | null;
  deal: number;
  round: number;
  hand_no: number;
  phase: 'place' | 'over';
  to_move: number[];
  placed: boolean[];
  legal: string[];
  hand: string[] | null;
  hand_counts: number[];
  my_placement: Placement | null;
  last_hand: HtLastHand | null;
  loot_taken: number[];
  my_loot: { card: string; taken_by: number | null }[];
  pile: string[];
  totals: number[];
  target: number;
  history: HtDeal[];
  options: Record<string, unknown>;
}

export const GAME = 'hearts-trumps';

// -- cards ----------------------------------------------------------------------------

const RANKS = 'A23456789TJQK'; // HT-2: the ace is low

/** A card's rank in this game, A=1 … K=13; 0 for a joker. */
export function rankOf(card: string): number {
  if (card === JOKER) return 0;
  return RANKS.indexOf(card.slice(0, -1)) + 1;
}

/** What a loot card scores at the end of the deal (HT-13): joker 25, heart its rank, else 0. */
export function lootValue(card: string): number {
  if (card === JOKER) return JOKER_POINTS;
  return card.endsWith('H') ? rankOf(card) : 0;
}

export function lootPoints(cards: readonly string[]): number {
  return cards.reduce((sum, c) => sum + lootValue(c), 0);
}

// Jokers, then hearts (the trumps), then diamonds, clubs, spades (HT-12's order); high first.
const SUIT_ORDER: Record<string, number> = { H: 1, D: 2, C: 3, S: 4 };

/** A hand in the order that helps this game: strongest cards first. */
export function sortHtHand(cards: readonly string[]): string[] {
  const key = (c: string): number => (c === JOKER ? 0 : (SUIT_ORDER[c.slice(-1)] ?? 5) * 100 - rankOf(c));
  return [...cards].sort((a, b) => key(a) - key(b) || a.localeCompare(b));
}

// -- placing --------------------------------------------------------------------------

export type Slots = Record<Role, string | null>;

export const EMPTY_SLOTS: Slots = { loot: null, attacker: null, defender: null };

/** The action text of a placement: `LOOT/ATTACKER/DEFENDER`, e.g. `2S/JK/KH`. */
export function placementText(p: Placement): string {
  return `${p.loot}/${p.attacker}/${p.defender}`;
}

export function parsePlacement(text: string): Placement | null {
  const parts = text.split('/');
  if (parts.length !== 3 || parts.some((p) => !p)) return null;
  const [loot = '', attacker = '', defender = ''] = parts;
  return { loot, attacker, defender };
}

/** The filled slots as a placement, or null while one is empty. */
export function placementOf(slots: Slots): Placement | null {
  const { loot, attacker, defender } = slots;
  return loot && attacker && defender ? { loot, attacker, defender } : null;
}

/** The action to send, when the slots hold a placement the server lists as legal. */
export function actionOf(slots: Slots, legal: readonly string[]): string | null {
  const p = placementOf(slots);
  if (!p) return null;
  const text = placementText(p);
  return legal.includes(text) ? text : null;
}

/**
 * `card` put into `role`, from the slot `from` (a move: the card it lands on goes to `from`,
 * a swap) or from the hand (`from` null: the card it lands on goes back to the hand). Card
 * texts may repeat (two jokers), so where a card comes from is said, never searched.
 */
export function assign(slots: Slots, role: Role, card: string, from: Role | null = null): Slots {
  const out: Slots = { ...slots };
  const displaced = out[role];
  if (from !== null && from !== role) out[from] = displaced;
  out[role] = card;
  return out;
}

export function unassign(slots: Slots, role: Role): Slots {
  return { ...slots, [role]: null };
}

/** The slots without the cards that are no longer in the hand (placed, or a new deal). */
export function keepHeld(slots: Slots, hand: readonly string[]): Slots {
  const left = [...hand];
  const out: Slots = { ...slots };
  for (const r of ROLES) {
    const card = out[r];
    if (card === null) continue;
    const k = left.indexOf(card);
    if (k < 0) out[r] = null;
    else left.splice(k, 1);
  }
  return out;
}

/**
 * How many cards a seat has still to place this round (HT-5, HT-6): the view's count, the
 * server's. A card in a slot is still to place until "Place" sends it: the slots are a
 * draft the server never sees (the opponent's drafts are all we cannot see), so the
 * player's count and the opponent's say the same thing. A placement sent leaves the count;
 * its three cards show as placed beside it.
 */
export function cardsToPlace(view: Pick<HtView, 'hand_counts'>, seat: number): number {
  return view.hand_counts[seat] ?? 0;
}

/** The hand's cards not in a slot, in the hand's order (each slot takes one copy). */
export function unplaced(hand: readonly string[], slots: Slots): string[] {
  const left = [...hand];
  for (const r of ROLES) {
    const card = slots[r];
    const k = card === null ? -1 : left.lastIndexOf(card);
    if (k >= 0) left.splice(k, 1);
  }
  return left;
}

// -- results in words -----------------------------------------------------------------

const WHY_KEY: Record<Why, Key> = {
  joker: 'htWhyJoker',
  jokers: 'htWhyJokers',
  trump: 'htWhyTrump',
  hearts: 'htWhyHearts',
  rank: 'htWhyRank',
  suit: 'htWhySuit',
};

/** Why a battle went the way it did, with its rule id: "Hearts are trumps (HT-11)". */
export function battleReason(b: Pick<HtBattle, 'why' | 'rule'>, lang?: Lang): string {
  const key = WHY_KEY[b.why];
  const rule = b.rule || RULE_OF[b.why] || '';
  const words = key ? t(key, {}, lang) : b.why;
  return rule ? `${words} (${rule})` : words;
}

export type BonusKind = 'more' | 'equal';

export interface DealScore {
  deal: number;
  lootPoints: number[];
  lootCounts: number[];
  bonus: number[];
  points: number[];
  /** Jokers and hearts each seat took, for the breakdown of its loot points. */
  scoring: string[][];
  bonusKind: BonusKind;
  /** The seat that took more loot cards (null on equal counts). */
  bonusSeat: number | null;
}

/** A finished deal's score, explained (HT-13, HT-14). */
export function dealScore(d: HtDeal): DealScore {
  const counts = d.loot_counts;
  const most = Math.max(...counts);
  const leaders = counts.map((c, s) => (c === most ? s : -1)).filter((s) => s >= 0);
  const equal = leaders.length > 1;
  return {
    deal: d.deal,
    lootPoints: d.loot_points,
    lootCounts: counts,
    bonus: d.bonus,
    points: d.points,
    scoring: d.loot.map((cards) => sortHtHand(cards.filter((c) => lootValue(c) > 0))),
    bonusKind: equal ? 'equal' : 'more',
    bonusSeat: equal ? null : (leaders[0] ?? null),
  };
}

/** The bonus in words: "Ana took more loot cards (10 to 8): +59 (HT-14)". */
export function bonusText(s: DealScore, nameOf: (seat: number) => string, lang?: Lang): string {
  if (s.bonusKind === 'equal') {
    return t('htBonusEqual', { n: s.lootCounts[0] ?? 0, bonus: EQUAL_LOOT_BONUS }, lang) + ' (HT-14)';
  }
  const seat = s.bonusSeat ?? 0;
  const other = s.lootCounts.find((_, k) => k !== seat) ?? 0;
  return (
    t('htBonusMore', { name: nameOf(seat), a: s.lootCounts[seat] ?? 0, b: other, bonus: MORE_LOOT_BONUS }, lang) +
    ' (HT-14)'
  );
}

/** A seat's loot points as a sum, the cards as they show: "K♥ 13 + JOKER 25 = 38"; "0"
 * when none. */
export function lootSum(scoring: readonly string[]): string {
  if (scoring.length === 0) return '0';
  const parts = scoring.map((c) => `${cardText(c)} ${lootValue(c)}`);
  return scoring.length === 1 ? parts[0] ?? '0' : `${parts.join(' + ')} = ${lootPoints(scoring)}`;
}

/** The scale of the totals' bars side by side: the target, or the highest total once one
 * passed it (with a target of 1, "108" and "17" would both fill their bar). */
export function barScale(totals: readonly number[], target: number): number {
  return Math.max(target, ...totals);
}

/** How far a total is towards the target, 0..100 (HT-16). */
export function progressPercent(total: number, target: number): number {
  if (target <= 0) return 100;
  return Math.max(0, Math.min(100, (100 * total) / target));
}

/** The match's winner from the totals (HT-16): the higher total, null on a tie. */
export function leader(totals: readonly number[]): number | null {
  const [a = 0, b = 0] = totals;
  return a === b ? null : a > b ? 0 : 1;
}

/** Which hand of the deal a hand number is in: its round and its place in the round. */
export function roundOf(handNo: number): { round: number; second: boolean } {
  return { round: Math.floor((handNo - 1) / 2) + 1, second: handNo % 2 === 0 && handNo < HANDS_PER_DEAL };
}

// -- events ---------------------------------------------------------------------------

export type HtEvent =
  | { kind: 'placed'; seat: number }
  | { kind: 'battle'; name: string; winner: number; why: Why }
  | { kind: 'score'; deal: number; points: number[] }
  | { kind: 'other'; text: string };

/** An update's event line, when it is one of this game's (see the engine's contract). */
export function parseHtEvent(text: string): HtEvent {
  let m = /^placed (\d)$/.exec(text);
  if (m) return { kind: 'placed', seat: Number(m[1]) };
  m = /^battle (\w+) \d \S+ \d \S+ won (\d) (\w+)$/.exec(text);
  if (m && m[3] && m[3] in RULE_OF) return { kind: 'battle', name: m[1] ?? '', winner: Number(m[2]), why: m[3] as Why };
  m = /^score (\d+) ((?:-?\d+ ?)+)$/.exec(text);
  if (m) return { kind: 'score', deal: Number(m[1]), points: (m[2] ?? '').trim().split(' ').map(Number) };
  return { kind: 'other', text };
}
