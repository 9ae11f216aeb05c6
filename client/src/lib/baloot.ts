// Baloot at the table: the view the server sends (BalootView.to_json()) and the pure pieces
// the screen needs — the bids the player may say, the team of a seat, each update's events,
// and a finished round in words (the conversion step by step, and why a bid failed).
import { isSuit, type HandOrder } from './cards';
import { suitName, t, type Key, type Lang } from './i18n.svelte';
import { placeOf, type Place } from './table/seats';
import type { FinishedTrick } from './view';

export type BalootPhase = 'bid' | 'double' | 'play' | 'over';

export interface BalootBid {
  round: number;
  seat: number;
  /** speak (a bid), claim (an earlier speaker's answer to Hokum), confirm… */
  stage: string;
  said: string;
}

/** What the seat to move owes in the bidding (BA-5 … BA-8): a bid, a claim of a standing
 * Sun (BA-7), or the Hokum caller's confirmation (BA-6). */
export type BidStage = 'speak' | 'claim' | 'confirm';

export interface BalootTrick {
  leader: number;
  cards: string[];
  winner: number;
}

export interface ConversionStep {
  abnat: number;
  /** Sun: the abnat rounded to 10; Hokum: the abnat divided by 10 and rounded. */
  rounded: number;
  /** Hokum: −1 or +1 to bring the sum to 16 (BA-21). */
  adjust: number;
  points: number;
}

/** A finished deal (history): passed out, or scored per team (0: seats 0+2, 1: seats 1+3). */
export interface BalootDeal {
  deal: number;
  dealer: number;
  passed_out: boolean;
  declared: string[][];
  baloot_seat: number | null;
  contract?: string;
  buyer?: number;
  abnat?: number[];
  converted?: number[];
  steps?: ConversionStep[];
  projects?: number[];
  baloot?: number[];
  level?: number;
  gahwa?: boolean;
  kaboot?: number | null;
  failed?: boolean;
  winner?: number;
  points?: number[];
}

export interface BalootView {
  game: 'baloot';
  seat: number | null;
  to_move: number[];
  legal: string[];
  deal: number;
  dealer: number;
  phase: BalootPhase;
  bid_card: string;
  bid_round: number;
  /** null once the bidding is over. */
  bid_stage: BidStage | null;
  /** The bid the stage answers (a Hokum to confirm or overcall, a Sun or Ashkal to claim). */
  standing: { seat: number; said: string } | null;
  bids: BalootBid[];
  contract: string | null;
  buyer: number | null;
  caller: number | null;
  level: number;
  gahwa: boolean;
  doubles: { seat: number; said: string }[];
  hand: string[] | null;
  hand_counts: number[];
  trick: { seat: number; card: string }[];
  tricks: BalootTrick[];
  my_projects: string[];
  projects: string[][] | null;
  baloot: number | null;
  abnat: number[];
  totals: number[];
  history: BalootDeal[];
  winner: number | null;
  options: Record<string, boolean>;
}

export const TARGET = 152; // BA-26
export const SUN_TOTAL = 26; // BA-21
export const HOKUM_TOTAL = 16;

/** The team of a seat (BA-1): seats 0 and 2 are team 0, seats 1 and 3 team 1. */
export function teamOf(seat: number): number {
  return seat % 2;
}

/** The team's seats. */
export function teamSeats(team: number): [number, number] {
  return [team, team + 2];
}

/** The trump suit of a contract (`hokum:S` → `S`); null for Sun and Ashkal. */
export function trumpOf(contract: string | null | undefined): string | null {
  const m = /^hokum:([SHDC])$/.exec(contract ?? '');
  return m ? (m[1] ?? null) : null;
}

// A card's place in its suit (BA-2): the trump's J, 9, A, 10, K, Q, 8, 7 and every other
// suit's A, 10, K, Q, J, 9, 8, 7, highest first.
const TRUMP_RANKS = '78QKTA9J';
const PLAIN_RANKS = '789JQKTA';

/** The hand's layout under a contract (BA-2): the trump suit first, each suit in the
 * order its cards take tricks; before the contract, the plain order. */
export function handOrder(contract: string | null | undefined): HandOrder {
  const trump = trumpOf(contract);
  return {
    first: trump !== null && isSuit(trump) ? trump : null,
    strength: (card) => (card.suit === trump ? TRUMP_RANKS : PLAIN_RANKS).indexOf(card.rank),
  };
}

/** The kind of a contract: `hokum`, `sun` or `ashkal`. */
export function contractKind(contract: string): string {
  return contract.split(':')[0] ?? contract;
}

export function isSun(contract: string | null | undefined): boolean {
  return contract === 'sun' || contract === 'ashkal';
}

/** What the player may say now, sorted for buttons. */
export interface Choices {
  /** Bids and doubling steps, in a fixed order (pass last). */
  says: string[];
  /** Second-round Hokum suits (`hokum:S` …). */
  suits: string[];
  /** Projects the player may declare (BA-17), in their action text. */
  projects: string[];
  /** Cards the player may play. */
  cards: string[];
}

const SAY_ORDER = ['hokum', 'sun', 'ashkal', 'double', 'triple', 'four', 'gahwa', 'pass'];

export function choices(legal: readonly string[]): Choices {
  const out: Choices = { says: [], suits: [], projects: [], cards: [] };
  for (const a of legal) {
    if (a.startsWith('project:')) out.projects.push(a);
    else if (/^hokum:[SHDC]$/.test(a)) out.suits.push(a);
    else if (SAY_ORDER.includes(a)) out.says.push(a);
    else if (/^[2-9TJQKA][SHDC]$/.test(a)) out.cards.push(a);
  }
  out.says.sort((x, y) => SAY_ORDER.indexOf(x) - SAY_ORDER.indexOf(y));
  return out;
}

/** A project's parts: `project:sira:7H,8H,9H` → kind `sira`, its cards. */
export function projectParts(text: string): { kind: string; cards: string[] } {
  const [, kind = '', cards = ''] = text.split(':');
  return { kind, cards: cards.split(',').filter(Boolean) };
}

/** What each seat said last in this deal's bidding and doubling (shown by its seat). */
export function lastSaid(view: BalootView): Map<number, string> {
  const out = new Map<number, string>();
  for (const b of view.bids) out.set(b.seat, b.said);
  for (const d of view.doubles) out.set(d.seat, d.said);
  return out;
}

/** The decision owed in the bidding, as a phrase and its variables, and the rule that sets
 * it: the legal actions alone look the same for a confirmation (Hokum, Sun) or a claim
 * (Sun, pass) as for a turn, so the words say which it is. */
export interface BidPrompt {
  key: Key;
  vars: Record<string, string | number>;
  rule: string;
}

// The doubling's steps in order (BA-11): each prompt names the one on offer.
const RAISES = ['double', 'triple', 'four', 'gahwa'] as const;
const RAISE_OWED: Record<(typeof RAISES)[number], Key> = {
  double: 'baRaise_double',
  triple: 'baRaise_triple',
  four: 'baRaise_four',
  gahwa: 'baRaise_gahwa',
};
const RAISE_WAIT: Record<(typeof RAISES)[number], Key> = {
  double: 'baRaises_double',
  triple: 'baRaises_triple',
  four: 'baRaises_four',
  gahwa: 'baRaises_gahwa',
};

/** What the seat to move owes while the doubling is on: the step on offer (Triple after a
 * Double, …) and who raised last, under BA-11 (Hokum) or BA-12 (Sun). */
function raisePrompt(view: BalootView, mine: boolean, nameOf: (seat: number) => string): BidPrompt | null {
  const seat = view.to_move[0];
  if (seat === undefined) return null;
  const raised = view.doubles.filter((d) => d.said !== 'pass');
  const step = RAISES[Math.min(raised.length, RAISES.length - 1)] ?? 'double';
  const last = raised.at(-1);
  const rule = view.contract?.startsWith('hokum') ? 'BA-11' : 'BA-12';
  const vars = { name: nameOf(seat), by: last ? nameOf(last.seat) : '' };
  return { key: (mine ? RAISE_OWED : RAISE_WAIT)[step], vars, rule };
}

/** What the seat to move owes while the bidding or the doubling is on (null after it): put
 * to the player when `mine`, else said of that seat (the status line others read). */
export function bidPrompt(
  view: BalootView,
  mine: boolean,
  nameOf: (seat: number) => string,
  lang?: Lang,
): BidPrompt | null {
  const seat = view.to_move[0];
  if (view.phase === 'double') return raisePrompt(view, mine, nameOf);
  if (view.phase !== 'bid' || view.bid_stage === null || seat === undefined) return null;
  const standing = view.standing;
  const name = nameOf(seat);
  const bid = standing ? sayName(standing.said, lang) : '';
  const by = standing ? nameOf(standing.seat) : '';
  if (view.bid_stage === 'confirm') {
    return { key: mine ? 'baOwe_confirm' : 'baWait_confirm', vars: { name, bid }, rule: 'BA-6' };
  }
  if (view.bid_stage === 'claim') {
    if (mine && partnersAshkal(view)) return { key: 'baOwe_claimPartner', vars: { by }, rule: 'BA-7' };
    return { key: mine ? 'baOwe_claim' : 'baWait_claim', vars: { name, by, bid }, rule: 'BA-7' };
  }
  const rule = view.bid_round === 1 ? 'BA-5' : 'BA-8';
  if (!mine) return { key: 'baBids', vars: { name }, rule };
  // A Hokum stands: only a Sun (an Ashkal is one) goes over it, in either round (BA-6, BA-8).
  if (standing) return { key: 'baOwe_overHokum', vars: { by, bid }, rule: 'BA-6' };
  if (view.bid_round === 1) return { key: view.legal.includes('ashkal') ? 'baOwe_round1Ashkal' : 'baOwe_round1', vars: {}, rule };
  return { key: 'baOwe_round2', vars: { suit: suitName(view.bid_card.slice(-1), lang) }, rule };
}

/** A parsed event line of an update (the server's ``str(event)``). */
export type BalootEvent =
  | { kind: 'deal'; deal: number; dealer: number; bidCard: string }
  | { kind: 'say'; seat: number; said: string }
  | { kind: 'passedOut'; dealer: number }
  | { kind: 'bought'; contract: string; buyer: number }
  | { kind: 'level'; level: number; gahwa: boolean }
  | { kind: 'play'; seat: number; card: string }
  | { kind: 'trick'; no: number; seat: number; cards: string[]; abnat: number }
  | { kind: 'projects'; shown: string[] }
  | { kind: 'baloot'; seat: number }
  | { kind: 'score'; deal: number; points: number[]; totals: number[] }
  | { kind: 'over'; team: number }
  | { kind: 'other'; text: string };

export function parseBalootEvent(text: string): BalootEvent {
  let m = /^deal (\d+) dealer (\d) bid card (\S+)$/.exec(text);
  if (m) return { kind: 'deal', deal: Number(m[1]), dealer: Number(m[2]), bidCard: m[3] ?? '' };
  m = /^say (\d) (\S+)$/.exec(text);
  if (m) return { kind: 'say', seat: Number(m[1]), said: m[2] ?? '' };
  m = /^passed out, dealer (\d)$/.exec(text);
  if (m) return { kind: 'passedOut', dealer: Number(m[1]) };
  m = /^bought (\S+) by (\d)$/.exec(text);
  if (m) return { kind: 'bought', contract: m[1] ?? '', buyer: Number(m[2]) };
  m = /^level (\d|gahwa)$/.exec(text);
  if (m) return m[1] === 'gahwa' ? { kind: 'level', level: 4, gahwa: true } : { kind: 'level', level: Number(m[1]), gahwa: false };
  m = /^play (\d) (\S+)$/.exec(text);
  if (m) return { kind: 'play', seat: Number(m[1]), card: m[2] ?? '' };
  m = /^trick (\d+) to (\d) \[([^\]]*)\] (\d+)$/.exec(text);
  if (m)
    return {
      kind: 'trick',
      no: Number(m[1]),
      seat: Number(m[2]),
      cards: (m[3] ?? '').split(' ').filter(Boolean),
      abnat: Number(m[4]),
    };
  m = /^projects (.*)$/.exec(text);
  if (m) return { kind: 'projects', shown: m[1] === 'none' ? [] : (m[1] ?? '').split(' ') };
  m = /^baloot (\d)$/.exec(text);
  if (m) return { kind: 'baloot', seat: Number(m[1]) };
  m = /^score (\d+) \S+ (\d+) (\d+) totals (\d+) (\d+)$/.exec(text);
  if (m)
    return {
      kind: 'score',
      deal: Number(m[1]),
      points: [Number(m[2]), Number(m[3])],
      totals: [Number(m[4]), Number(m[5])],
    };
  m = /^over team (\d)/.exec(text);
  if (m) return { kind: 'over', team: Number(m[1]) };
  return { kind: 'other', text };
}

/**
 * The trick an update finished, if any: its four cards from the `trick` event, its leader
 * from the trick the screen showed before (else the last trick of the new view).
 */
export function finishedTrick(
  events: readonly string[],
  before: BalootView | null,
  after: BalootView | null,
): FinishedTrick | null {
  for (const text of events) {
    const e = parseBalootEvent(text);
    if (e.kind !== 'trick') continue;
    const leader = before?.trick[0]?.seat ?? after?.tricks.at(-1)?.leader ?? e.seat;
    return { leader, cards: e.cards, winner: e.seat, points: e.abnat };
  }
  return null;
}

/** Why a round went as it did, as one of a few plain cases (each a phrase of the table). */
export type RoundWhy =
  | { kind: 'passedOut' }
  | { kind: 'kaboot'; team: number }
  | { kind: 'made'; buyer: number; mine: number; theirs: number }
  | { kind: 'failed'; buyer: number; mine: number; theirs: number; projects: boolean }
  | { kind: 'gahwa'; team: number };

/**
 * A scored round's totals before BA-23 decides (converted abnat + projects + Baloot, per
 * team), and the case that decided it.
 */
export function roundWhy(d: BalootDeal): { totals: number[]; why: RoundWhy } {
  if (d.passed_out || d.converted === undefined || d.buyer === undefined) {
    return { totals: [0, 0], why: { kind: 'passedOut' } };
  }
  const totals = [0, 1].map((t) => (d.converted?.[t] ?? 0) + (d.projects?.[t] ?? 0) + (d.baloot?.[t] ?? 0));
  const bt = teamOf(d.buyer);
  const mine = totals[bt] ?? 0;
  const theirs = totals[1 - bt] ?? 0;
  if (d.kaboot !== null && d.kaboot !== undefined) return { totals, why: { kind: 'kaboot', team: d.kaboot } };
  if (d.gahwa) return { totals, why: { kind: 'gahwa', team: d.winner ?? 0 } };
  return d.failed
    ? { totals, why: { kind: 'failed', buyer: d.buyer, mine, theirs, projects: (d.projects ?? []).some((p) => p > 0) } }
    : { totals, why: { kind: 'made', buyer: d.buyer, mine, theirs } };
}

const SAY_NAMES: Record<string, Key> = {
  pass: 'baSay_pass',
  hokum: 'baSay_hokum',
  sun: 'baSay_sun',
  ashkal: 'baSay_ashkal',
  double: 'baSay_double',
  triple: 'baSay_triple',
  four: 'baSay_four',
  gahwa: 'baSay_gahwa',
};

const SAY_HELP: Record<string, Key> = {
  hokum: 'baSayHelp_hokum',
  sun: 'baSayHelp_sun',
  ashkal: 'baSayHelp_ashkal',
  double: 'baSayHelp_double',
  triple: 'baSayHelp_triple',
  four: 'baSayHelp_four',
  gahwa: 'baSayHelp_gahwa',
};

const PROJECT_NAMES: Record<string, Key> = {
  sira: 'baProject_sira',
  fifty: 'baProject_fifty',
  hundred: 'baProject_hundred',
  'four-hundred': 'baProject_four-hundred',
};

const PROJECT_HELP: Record<string, Key> = {
  sira: 'baProjectHelp_sira',
  fifty: 'baProjectHelp_fifty',
  hundred: 'baProjectHelp_hundred',
  'four-hundred': 'baProjectHelp_four-hundred',
};

const LEVEL_NAMES: Record<number, Key> = { 2: 'baLevel_2', 3: 'baLevel_3', 4: 'baLevel_4' };

const PLACE_NAMES: Record<Place, Key> = {
  bottom: 'baPlace_bottom',
  top: 'baPlace_top',
  left: 'baPlace_left',
  right: 'baPlace_right',
};

/** A bid or doubling step in words (`hokum:S` → "Hokum in spades"); unknown text stays. */
export function sayName(said: string, lang?: Lang): string {
  const suit = trumpOf(said);
  if (suit) return t('baHokumIn', { suit: suitName(suit, lang) }, lang);
  const key = SAY_NAMES[said];
  return key ? t(key, {}, lang) : said;
}

// What a button does at a claim (BA-7) or a confirmation (BA-6), where Hokum, Sun and pass
// mean keeping, switching, taking or leaving a bid already made.
const STAGE_HELP: Record<string, Key> = {
  'confirm:hokum': 'baSayHelp_keepHokum',
  'confirm:sun': 'baSayHelp_switchSun',
  'claim:sun': 'baSayHelp_claimSun',
  'claim:pass': 'baSayHelp_leaveSun',
  'partnerAshkal:sun': 'baSayHelp_ownSun',
  'partnerAshkal:pass': 'baSayHelp_keepAshkal',
};

/** A claim put to the partner of an Ashkal's caller (BA-7 gives it to every earlier
 * speaker): they play the Sun whichever they say, so its words differ from a claim. */
export type HelpStage = BidStage | 'partnerAshkal';

function partnersAshkal(view: BalootView): boolean {
  const s = view.standing;
  return view.bid_stage === 'claim' && s?.said === 'ashkal' && view.seat !== null && s.seat === (view.seat + 2) % 4;
}

/** The stage a decision's words are chosen by: the bidding's, a partner's Ashkal apart. */
export function helpStage(view: BalootView): HelpStage | null {
  return partnersAshkal(view) ? 'partnerAshkal' : view.bid_stage;
}

/** What a bid or step means, for its button, at the bidding's stage; null for a plain pass. */
export function sayHelp(said: string, lang?: Lang, stage?: HelpStage | null): string | null {
  const key = STAGE_HELP[`${stage}:${said}`] ?? SAY_HELP[said];
  return key ? t(key, {}, lang) : null;
}

/** A contract's name: `hokum:S` → "Hokum", `sun` → "Sun". */
export function contractName(contract: string, lang?: Lang): string {
  return sayName(contractKind(contract), lang);
}

export function projectName(kind: string, lang?: Lang): string {
  const key = PROJECT_NAMES[kind];
  return key ? t(key, {}, lang) : kind;
}

/** What a project is, in a line (BA-17): "Sira" means nothing to a newcomer. */
export function projectHelp(kind: string, lang?: Lang): string {
  const key = PROJECT_HELP[kind];
  return key ? t(key, {}, lang) : '';
}

/** The doubling level's name (2 → "Doubled"), Gahwa above all; null at level 1. */
export function levelName(level: number, gahwa: boolean, lang?: Lang): string | null {
  if (gahwa) return t('baGahwa', {}, lang);
  const key = LEVEL_NAMES[level];
  return key ? t(key, {}, lang) : null;
}

/** What a deal's bidding and doubling came to: a row of the view's history, or a finished
 * deal's text on the match page (`purchaseOfText`). */
export type Purchase = Pick<BalootDeal, 'passed_out' | 'contract' | 'buyer' | 'level' | 'gahwa'>;

/** A finished deal's contract as a score sheet row shows it. */
export interface SheetContract {
  /** "Hokum", "Sun" or "Ashkal". */
  kind: string;
  /** The kind with Hokum's trump in words ("Hokum in hearts"): the suit for a reader who
   * does not see its mark. */
  said: string;
  /** The trump suit's letter for Hokum (drawn as its mark), else null. */
  trump: string | null;
  /** The doubling, short ("×2", "Gahwa"); null if the deal was not doubled. */
  level: string | null;
  /** Where the buyer sat, seen from the reader (the felt's place: the reader, the partner,
   * an opponent on the left or right); null for a spectator. */
  place: Place | null;
  /** That place in a word ("left"), or for a spectator the buyer's name. */
  buyer: string;
  /** The whole contract in words, the suit and the buyer's name included: the row's text
   * for a screen reader, whose suit mark is a picture, and the pointer's title. */
  whole: string;
}

/** A finished deal's contract for its row of the score sheet; null if it was passed out.
 * Names are long on a phone and seats sit still for a match, so a seated reader gets the
 * buyer's place around the table in a word, and a spectator the buyer's name. */
export function sheetContract(
  d: Purchase,
  me: number | null,
  nameOf: (seat: number) => string,
  lang?: Lang,
): SheetContract | null {
  if (d.passed_out || d.contract === undefined || d.buyer === undefined) return null;
  const gahwa = d.gahwa ?? false;
  const level = d.level ?? 1;
  const place = me === null ? null : placeOf(d.buyer, me, 4);
  const name = nameOf(d.buyer);
  const buyer = place === null ? name : t(PLACE_NAMES[place], {}, lang);
  const doubled = levelName(level, gahwa, lang);
  const said = sayName(d.contract, lang);
  const contract = doubled === null ? said : `${said} · ${doubled}`;
  return {
    kind: contractName(d.contract, lang),
    said,
    trump: trumpOf(d.contract),
    level: gahwa ? t('baGahwa', {}, lang) : level > 1 ? t('baTimes', { n: level }, lang) : null,
    place,
    buyer,
    whole: t('baBought', { name: place === null ? name : `${name} (${buyer})`, contract }, lang),
  };
}

/** A finished deal's purchase from its text, as the match page gets it (the `deal_scores`
 * hook's detail: `hokum:H x2 by 1`, `ashkal gahwa by 3`); null for any other text. */
export function purchaseOfText(text: string): Purchase | null {
  const m = /^(hokum:[SHDC]|sun|ashkal) (?:x([1-4])|(gahwa)) by ([0-3])$/.exec(text);
  if (!m) return null;
  const gahwa = m[3] !== undefined;
  return { passed_out: false, contract: m[1], buyer: Number(m[4]), level: gahwa ? 4 : Number(m[2]), gahwa };
}

/** A row of the match page's sheet from a finished deal's text: what was bought, the trump
 * in words and the doubling ("Hokum in hearts · ×2"), and its buyer by name: the page has
 * no reader's seat to place the buyer from. Null for any other text. */
export function sheetRowOfText(
  text: string,
  nameOf: (seat: number) => string,
  lang?: Lang,
): { what: string; who: string } | null {
  const p = purchaseOfText(text);
  const c = p === null ? null : sheetContract(p, null, nameOf, lang);
  if (c === null) return null;
  return { what: c.level === null ? c.said : `${c.said} · ${c.level}`, who: c.buyer };
}

/** The purchase said on the felt until the first card, the trump in words ("Ana bought:
 * Hokum in hearts"): the bar's chip alone changes when the bidding ends, unnoticed, and
 * its suit is a mark. Null before the purchase and once a card is down. */
export function boughtLine(view: BalootView, nameOf: (seat: number) => string, lang?: Lang): string | null {
  if (!view.contract || view.buyer === null || view.tricks.length > 0 || view.trick.length > 0) return null;
  const ashkal = ashkalOf(view);
  if (ashkal) return t('baBoughtAshkal', { caller: nameOf(ashkal.caller), name: nameOf(ashkal.buyer) }, lang);
  return t('baBought', { name: nameOf(view.buyer), contract: sayName(view.contract, lang) }, lang);
}

/** An Ashkal's two players: who called it and the partner who plays the Sun (BA-10); null
 * for any other contract. */
export function ashkalOf(view: Pick<BalootView, 'contract' | 'buyer' | 'caller'>): { caller: number; buyer: number } | null {
  if (view.contract !== 'ashkal' || view.buyer === null) return null;
  return { caller: view.caller ?? (view.buyer + 2) % 4, buyer: view.buyer };
}

/** The contract in the bar: whose it is, an Ashkal's caller too. */
export function contractLine(
  view: BalootView,
  nameOf: (seat: number) => string,
  say: (c: string) => string,
  lang?: Lang,
): string {
  const ashkal = ashkalOf(view);
  if (ashkal) return t('baContractAshkal', { caller: nameOf(ashkal.caller), name: nameOf(ashkal.buyer) }, lang);
  return t('baContract', { contract: say(view.contract ?? ''), name: nameOf(view.buyer ?? 0) }, lang);
}

/** A team in words: us or them to a seated reader; to a spectator, in neither team, its
 * two players ("Ana and Bo"). */
export function teamWords(team: number, me: number | null, nameOf: (seat: number) => string, lang?: Lang): string {
  if (me === null) return t('baTeamOf', { a: nameOf(team), b: nameOf(team + 2) }, lang);
  return t(team === teamOf(me) ? 'baTeamUs' : 'baTeamThem', {}, lang);
}

/** Why a scored round went as it did, in a sentence (BA-23 … BA-25); a team that took it
 * all is us or them to a seated reader, its two players to a spectator. */
export function roundWhyText(d: BalootDeal, me: number | null, nameOf: (seat: number) => string, lang?: Lang): string {
  const { why: w } = roundWhy(d);
  const full = d.contract && trumpOf(d.contract) === null ? SUN_TOTAL : HOKUM_TOTAL;
  // A seated reader's sentence has its own words for us and them: "we took", not "Us took".
  const team = (k: number): Record<string, string> => (me === null ? { a: nameOf(k), b: nameOf(k + 2) } : {});
  const ours = (k: number): boolean => me !== null && k === teamOf(me);
  switch (w.kind) {
    case 'passedOut':
      return t('baPassedOut', {}, lang);
    case 'kaboot':
      return t(me === null ? 'baKabootOf' : ours(w.team) ? 'baKabootUs' : 'baKabootThem', team(w.team), lang);
    case 'gahwa':
      return t(me === null ? 'baGahwaWonOf' : ours(w.team) ? 'baGahwaWonUs' : 'baGahwaWonThem', team(w.team), lang);
    case 'made':
      return t('baMade', { name: nameOf(w.buyer), mine: w.mine, theirs: w.theirs }, lang);
    case 'failed':
      // "and the projects" only when there were some to take.
      return t(w.projects ? 'baFailed' : 'baFailedBare', { name: nameOf(w.buyer), mine: w.mine, theirs: w.theirs, full }, lang);
  }
}
