// A selection of a Jolly hand read as melds. What the board offers comes from the legal
// actions alone: the actions that put exactly the selected cards down (an opening of
// several melds however they split, JO-8), and the melds that may be set aside, one at a
// time, for an opening the player builds. When none does, the board says why in the
// rules' words: for that, and to count an opening's points while it is built, this module
// reads a meld itself (JO-3 … JO-5, JO-15). That reading explains; it never offers.
import { cardText, parseCard, RANKS, type Card } from './cards';
import { t, type Key, type Lang } from './i18n.svelte';
import { meldFaces } from './jolly';

/** Why a selection goes down as nothing: a phrase of lang/jolly.ts and the rule it cites. */
export interface Why {
  key: Key;
  vars: Record<string, string | number>;
  rule: string;
}

/** A reason as the player reads it: the rule's words, then its id ("… (JO-4)"). */
export function whyText(w: Why, lang?: Lang): string {
  return `${t(w.key, w.vars, lang)} (${w.rule})`;
}

const why = (key: Key, rule: string, vars: Record<string, string | number> = {}): Why => ({ key, vars, rule });

/** The melds of a `meld:` or `open:` action in their text order ([] for any other). */
export function meldsOf(action: string): string[] {
  const m = /^(?:meld|open):(.+)$/.exec(action);
  return m ? (m[1] ?? '').split('|') : [];
}

/** A meld in words as the cards show (`JK=4H,5H,6H` → "JOKER=4♥ 5♥ 6♥"): for names. */
export function meldWords(spec: string): string {
  return spec
    .split(',')
    .map((p) => (p.startsWith('JK=') ? `${cardText('JK')}=${cardText(p.slice(3))}` : cardText(p)))
    .join(' ');
}

/** Whether the melds set aside may still all go into one legal opening. */
export function asideStands(legal: readonly string[], aside: readonly string[]): boolean {
  return aside.length > 0 && legal.some((a) => a.startsWith('open:') && without(meldsOf(a), aside) !== null);
}

const sameCards = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** What is left of `melds` once every meld of `part` is taken out (repeats counted), or
 * null if some meld of `part` is not there. */
function without(melds: readonly string[], part: readonly string[]): string[] | null {
  const rest = [...melds];
  for (const m of part) {
    const i = rest.indexOf(m);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/**
 * The legal actions that put down the melds set aside and exactly the selected cards
 * (faces) with them: a meld, or an opening of one meld or several, however the selected
 * cards split into melds. Several: the same cards split, or a joker placed, another way.
 */
export function actionsFor(legal: readonly string[], aside: readonly string[], selected: readonly string[]): string[] {
  if (aside.length === 0 && selected.length === 0) return [];
  return legal.filter((a) => {
    if (aside.length > 0 && !a.startsWith('open:')) return false;
    const rest = without(meldsOf(a), aside);
    return rest !== null && sameCards(rest.flatMap(meldFaces), selected);
  });
}

/**
 * The melds of exactly the selected cards that may be set aside for an opening with those
 * already aside: each a meld of some legal opening that holds them all (so the opening
 * can still be made). Several: a joker placed another way.
 */
export function asideFor(legal: readonly string[], aside: readonly string[], selected: readonly string[]): string[] {
  const out = new Set<string>();
  if (selected.length === 0) return [];
  for (const a of legal) {
    if (!a.startsWith('open:')) continue;
    for (const m of without(meldsOf(a), aside) ?? []) if (sameCards(meldFaces(m), selected)) out.add(m);
  }
  return [...out];
}

/** A card's points on the table (JO-15): 2 to 9 their number, 10 to K 10; an ace 25 in a
 * set, 1 low in a run, 10 high. */
function cardPoints(rank: string, inSet: boolean, first: boolean): number {
  if (rank === 'A') return inSet ? 25 : first ? 1 : 10;
  return 'TJQK'.includes(rank) ? 10 : Number(rank);
}

/** A meld's points on the table (JO-15), from its text (`9H,JK=TH,JH`: a joker counts as
 * the card it stands for; a run lists its lowest card first). */
export function meldPoints(spec: string): number {
  const cards = spec.split(',').map((p) => p.replace(/^JK=/, ''));
  const rank = (c: string): string => c.slice(0, -1);
  const inSet = cards.every((c) => rank(c) === rank(cards[0] ?? ''));
  return cards.reduce((sum, c, i) => sum + cardPoints(rank(c), inSet, i === 0), 0);
}

export type Reading = { melds: string[] } | { why: Why };

const SET_ORDER = 'SHDC'; // a set's text lists its suits in this order
const rankAt = (v: number): string => (v === 1 ? 'A' : RANKS[v - 2] ?? '?');

/**
 * The selected cards (faces, `JK` a joker) as one meld: every way it may lie, in the
 * actions' text (`JK=4H,5H,6H`), or why it is none (JO-3 … JO-5).
 */
export function readMeld(faces: readonly string[]): Reading {
  if (faces.length < 3) return { why: why('joWhyFew', 'JO-3, JO-4') };
  const naturals = faces.filter((f) => f !== 'JK').map(parseCard);
  const jokers = faces.length - naturals.length;
  const first = naturals[0];
  if (!first) return { why: why('joWhyOnlyJokers', 'JO-5') };
  const oneRank = naturals.every((c) => c.rank === first.rank);
  const oneSuit = naturals.every((c) => c.suit === first.suit);
  if (!oneRank && !oneSuit) return { why: why('joWhyMixed', 'JO-3, JO-4') };
  const set = oneRank ? readSet(naturals, jokers) : null;
  const run = oneSuit ? readRun(naturals, jokers) : null;
  const melds = [...(set && 'melds' in set ? set.melds : []), ...(run && 'melds' in run ? run.melds : [])];
  if (melds.length > 0) return { melds };
  // Two cards or more of one rank read as a set; otherwise as a run.
  return (naturals.length > 1 && oneRank ? set : run) ?? set ?? { why: why('joWhyMixed', 'JO-3, JO-4') };
}

function readSet(naturals: Card[], jokers: number): Reading {
  const seen = new Set<string>();
  for (const c of naturals) {
    if (seen.has(c.suit)) return { why: why('joWhySetSuit', 'JO-3', { card: cardText(c.text) }) };
    seen.add(c.suit);
  }
  if (jokers > 1) return { why: why('joWhySetJokers', 'JO-5') };
  if (naturals.length + jokers > 4) return { why: why('joWhySetSize', 'JO-3') };
  const rank = naturals[0]?.rank ?? '';
  const inOrder = (pieces: string[]): string =>
    pieces.sort((a, b) => SET_ORDER.indexOf(a.slice(-1)) - SET_ORDER.indexOf(b.slice(-1))).join(',');
  const cards = naturals.map((c) => c.text);
  if (jokers === 0) return { melds: [inOrder(cards)] };
  const missing = [...SET_ORDER].filter((s) => !seen.has(s));
  return { melds: missing.map((s) => inOrder([...cards, `JK=${rank}${s}`])) };
}

/** How the cards lie as a run with the ace at `ace` (1 low, 14 high): the melds, or why
 * not with how far it is from being one (the closer reading gives the reason). */
function runAt(naturals: Card[], jokers: number, ace: number): { melds: string[] } | { why: Why; off: number } {
  const suit = naturals[0]?.suit ?? 'S';
  const values = naturals.map((c) => (c.rank === 'A' ? ace : c.value)).sort((a, b) => a - b);
  const low = values[0] ?? 0;
  const high = values.at(-1) ?? 0;
  const held = new Set(values);
  const missing: number[] = [];
  for (let v = low + 1; v < high; v += 1) if (!held.has(v)) missing.push(v);
  if (missing.length > jokers) {
    const cards = missing.map((v) => cardText(`${rankAt(v)}${suit}`)).join(' ');
    return { why: why(missing.length === 1 ? 'joWhyRunGap' : 'joWhyRunGaps', 'JO-4', { cards }), off: missing.length - jokers };
  }
  const sideBySide = missing.some((v, i) => missing[i + 1] === v + 1);
  // Jokers the gaps leave over go at the ends, one at each at most (JO-5).
  const extra = jokers - missing.length;
  const below = low > 1;
  const above = high < 14;
  const ends: [number, number][] = [];
  if (extra === 0) ends.push([0, 0]);
  if (extra === 1 && below) ends.push([1, 0]);
  if (extra === 1 && above) ends.push([0, 1]);
  if (extra === 2 && below && above) ends.push([1, 1]);
  if (sideBySide || ends.length === 0) return { why: why('joWhyJokersSide', 'JO-5'), off: 0 };
  const melds = ends.map(([down, up]) => {
    const pieces: string[] = [];
    for (let v = low - down; v <= high + up; v += 1) {
      const face = `${rankAt(v)}${suit}`;
      pieces.push(held.has(v) ? face : `JK=${face}`);
    }
    return pieces.join(',');
  });
  return { melds };
}

function readRun(naturals: Card[], jokers: number): Reading {
  const twice = naturals.find((c, i) => naturals.findIndex((d) => d.rank === c.rank) !== i);
  if (twice) return { why: why('joWhyRunTwice', 'JO-4', { card: cardText(twice.text) }) };
  const hasAce = naturals.some((c) => c.rank === 'A');
  const readings = (hasAce ? [1, 14] : [14]).map((ace) => runAt(naturals, jokers, ace));
  const melds = readings.flatMap((r) => ('melds' in r ? r.melds : []));
  if (melds.length > 0) return { melds };
  if (hasAce && naturals.some((c) => c.rank === 'K') && naturals.some((c) => c.rank === '2')) {
    return { why: why('joWhyCorner', 'JO-4') };
  }
  const closest = readings.filter((r) => 'why' in r).sort((a, b) => a.off - b.off)[0];
  return { why: closest?.why ?? why('joWhyMixed', 'JO-3, JO-4') };
}

/** Where the player's turn stands, as the reasons need it. */
export interface TurnNow {
  legal: readonly string[];
  /** The turn's draw is made. */
  drew: boolean;
  /** The draw was from the discard pile: 2 cards stay in hand (JO-13). */
  fromPile: boolean;
  /** The player opened in an earlier turn. */
  opened: boolean;
  /** The player opened in this turn: only the discard is left (JO-8). */
  openedNow: boolean;
  /** Cards in hand. */
  held: number;
}

/**
 * Why the selected cards (faces), with the melds set aside, go down as nothing; null when
 * they do (or when nothing needs saying: one card is for a discard or a lay-off).
 */
export function whyNot(turn: TurnNow, aside: readonly string[], selected: readonly string[]): Why | null {
  const n = selected.length;
  if (n < 2) return null;
  if (!turn.drew) return n >= 3 ? why('joWhyDraw', 'JO-7') : null;
  if (turn.openedNow) return why('joWhyOpenedNow', 'JO-8');
  if (actionsFor(turn.legal, aside, selected).length > 0) return null;
  if (!turn.opened && asideFor(turn.legal, aside, selected).length > 0) return null;
  const reading = readMeld(selected);
  if ('why' in reading) {
    // Six cards or more may be meant as several melds: which one fails is not ours to guess.
    if (n < 6) return reading.why;
    return turn.opened ? why('joWhyOneAtATime', 'JO-9') : why('joWhyNotOpening', 'JO-3, JO-4, JO-8');
  }
  const asideCards = aside.reduce((sum, m) => sum + m.split(',').length, 0);
  if (turn.held - asideCards - n < (turn.fromPile ? 2 : 1)) {
    return turn.fromPile ? why('joWhyKeepTwo', 'JO-13') : why('joWhyKeep', 'JO-11');
  }
  if (turn.opened) return null; // a meld the legal actions lack: nothing the rules say here
  const points = aside.reduce((sum, m) => sum + meldPoints(m), 0) + Math.max(...reading.melds.map(meldPoints));
  return why('joWhyOpen', 'JO-8', { n: points });
}

/** Where the player's draw stands, as a card of the discard pile is tapped. */
export interface PileNow {
  /** The player owes the turn's draw now. */
  drawing: boolean;
  /** The player opened in an earlier turn. */
  opened: boolean;
  /** How many cards taking up to the tapped card takes (`take:N`). */
  depth: number;
  /** The depths the legal actions allow. */
  depths: ReadonlySet<number>;
}

/**
 * Why the tapped card of the discard pile cannot be taken (JO-7), said as an illegal
 * move's reason is: only a player who opened in an earlier turn takes from the pile, and
 * never up to more than 20 cards in hand. Null when it can, or when nothing is owed.
 */
export function pileWhy(now: PileNow): Why | null {
  if (!now.drawing || now.depths.has(now.depth)) return null;
  if (!now.opened) return why('joPileNotYet', 'JO-7');
  const most = Math.max(0, ...now.depths);
  return why('joPileTooMany', 'JO-7', { n: most });
}
