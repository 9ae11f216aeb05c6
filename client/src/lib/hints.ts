// Practice hints (issue 18, docs/hints.md): the expert's suggestion for the seat to move,
// asked of GET /api/tables/{id}/hint, which answers only at unrated tables against bots.
// This module reads the answer (never trusting its shape) and says it in the player's
// language; HintButton.svelte shows it.

import { savedToken } from './api';
import { projectName, sayName } from './baloot';
import { cardText, isCard } from './cards';
import { contractName, dirOf, locale, ltr, suitName, t, type Key, type Lang } from './i18n.svelte';
import { meldWords } from './jolly-melds';

export type HintVar = string | number;

/** A count behind the choice, read from the player's own view (a second line). */
export interface HintFact {
  key: string;
  vars: Record<string, HintVar>;
}

export interface Hint {
  table: number;
  version: number;
  action: string;
  reason: { key: string; vars: Record<string, HintVar>; fact?: HintFact | null };
  expected: number | null;
}

function parseVars(raw: unknown): Record<string, HintVar> {
  const vars: Record<string, HintVar> = {};
  if (typeof raw === 'object' && raw !== null) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) vars[k] = v;
    }
  }
  return vars;
}

function parseFact(raw: unknown): HintFact | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const f = raw as Record<string, unknown>;
  return typeof f.key === 'string' ? { key: f.key, vars: parseVars(f.vars) } : null;
}

/** The server's answer as a Hint, or null if it is not one. */
export function parseHint(raw: unknown): Hint | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const reason = r.reason as Record<string, unknown> | null | undefined;
  if (typeof r.action !== 'string' || typeof reason !== 'object' || reason === null) return null;
  if (typeof reason.key !== 'string') return null;
  const expected = typeof r.expected === 'number' && Number.isFinite(r.expected) ? r.expected : null;
  // A server from before facts sends none: the hint reads as one line.
  const parsed: Hint['reason'] = { key: reason.key, vars: parseVars(reason.vars) };
  const fact = parseFact(reason.fact);
  if (fact) parsed.fact = fact;
  return {
    table: typeof r.table === 'number' ? r.table : 0,
    version: typeof r.version === 'number' ? r.version : 0,
    action: r.action,
    reason: parsed,
    expected,
  };
}

const SUIT_SIGN: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const BALOOT_SAYS = new Set(['pass', 'hokum', 'sun', 'ashkal', 'double', 'triple', 'four', 'gahwa']);
const TURN_STEPS: Record<string, Key> = {
  take: 'hint_do_take',
  discard: 'hint_do_discard',
  lay: 'hint_do_lay',
  swap: 'hint_do_swap',
  open: 'hint_do_open',
  meld: 'hint_do_meld',
};

function withCards(text: string): string {
  return text.replace(/[0-9TJQKA][SHDC]|JK/g, (c) => (isCard(c) || c === 'JK' ? cardText(c) : c));
}

const PLACEMENT = /^(?:[2-9TJQKA][SHDC]|JK)\/(?:[2-9TJQKA][SHDC]|JK)\/(?:[2-9TJQKA][SHDC]|JK)$/;
const ROLES: readonly Key[] = ['htRole_loot', 'htRole_attacker', 'htRole_defender'];

/** An action on a line of its own (a hint's suggestion, a replay's last move): a Hearts Are
 * Trumps placement names each card's role ("Loot 2♠ · Attacker Q♣ · Defender 7♣"), since
 * "2♠/Q♣/7♣" leaves a new player to guess which card is which; any other action as
 * {@link actionText} says it. */
export function suggestionText(action: string, lang?: Lang): string {
  if (!PLACEMENT.test(action)) return actionText(action, lang);
  return action
    .split('/')
    .map((c, i) => `${t(ROLES[i]!, {}, lang)} ${ltr(cardText(c))}`)
    .join(' · ');
}

/** An action as the player reads it: a card as it shows ("10♥"), a contract or a bid by
 * its name ("Trumps ♥", "Hokum in spades"), a project with its cards, a step of a Jolly
 * turn in words ("take the top 2 cards of the discards"), other actions with their cards shown
 * ("5♠/Q♦/Q♥"). */
export function actionText(action: string, lang?: Lang): string {
  if (isCard(action) || action === 'JK') return cardText(action);
  const [name = '', suit] = action.split(':');
  const contract = contractName(name, lang);
  if (contract !== name && (suit === undefined || suit in SUIT_SIGN)) {
    return suit === undefined ? contract : `${contract} ${SUIT_SIGN[suit]}`;
  }
  if (BALOOT_SAYS.has(action) || /^hokum:[SHDC]$/.test(action)) return sayName(action, lang);
  if (action === 'draw') return t('hint_do_draw', {}, lang);
  const rest = action.slice(name.length + 1);
  if (name === 'project') {
    const [kind = '', cards = ''] = rest.split(':');
    return `${projectName(kind, lang)} ${cards.split(',').filter(Boolean).map(cardText).join(' ')}`;
  }
  const step = TURN_STEPS[name];
  if (step && rest) {
    // lay:ID:CARD and swap:ID:CARD: the meld's id means nothing to a reader.
    const what = name === 'lay' || name === 'swap' ? rest.split(':').pop() ?? rest : rest;
    const card = what.startsWith('JK=') ? t('hint_joker_as', { card: cardText(what.slice(3)) }, lang) : withCards(what);
    const n = /^\d+$/.test(what) ? Number(what) : what; // a count, for its plural
    return t(step, { n, card, melds: withCards(what).replaceAll('|', ' | ') }, lang);
  }
  // Hearts Are Trumps' placement ("5♦/K♠/JOKER": loot, attacker, defender) keeps its order
  // in a right-to-left sentence.
  const cards = withCards(action);
  return dirOf(lang ?? locale.lang) === 'rtl' ? ltr(cards) : cards;
}

/** A reason's variable in words: cards and actions as they show, points signed, a suit
 * and a seat by name. */
function varText(key: string, value: HintVar, lang?: Lang): string | number {
  // Jolly: a table meld's cards (`7H,JK=8H,9H`), and a joker laid off as a card (`JK=TH`).
  if (key === 'meld') return meldWords(String(value));
  if (key === 'card' && String(value).startsWith('JK=')) {
    return t('hint_joker_as', { card: cardText(String(value).slice(3)) }, lang);
  }
  // The runner-up placement names each card's role, as the suggestion line does: bare
  // "2♦/J♠/A♣" beside the same three cards read as the move compared with itself.
  if (key === 'next' && PLACEMENT.test(String(value))) return suggestionText(String(value), lang);
  if (['action', 'next', 'card', 'out', 'loot', 'attacker', 'defender'].includes(key)) {
    return actionText(String(value), lang);
  }
  if ((key === 'expected' || key === 'next_expected') && typeof value === 'number') return pointsText(value);
  if (key === 'suit') return suitName(String(value), lang);
  if (key === 'project') return projectName(String(value), lang);
  if (key === 'after') {
    const seat = `hint_after_${value}`;
    const said = t(seat as Key, {}, lang);
    return said === seat ? value : said;
  }
  return value;
}

function varsText(vars: Record<string, HintVar>, lang?: Lang): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(vars)) out[k] = varText(k, v, lang);
  return out;
}

/** Points as a reason shows them: signed and whole ("+116", "-12"), or to ``digits``
 * decimals ("-16.6"). */
export function pointsText(value: number, digits = 0): string {
  const scale = 10 ** digits;
  const n = Math.round(value * scale) / scale;
  const text = n.toFixed(digits);
  return n > 0 ? `+${text}` : n === 0 ? (0).toFixed(digits) : text;
}

/** The hint's one-line reason in the player's language; an unknown key (a newer server)
 * reads as the generic "the expert bot's choice". */
export function reasonText(hint: Hint, lang?: Lang): string {
  const vars = varsText(hint.reason.vars, lang);
  const { expected, next_expected: next } = hint.reason.vars;
  if (typeof expected === 'number' && typeof next === 'number' && pointsText(expected) === pointsText(next)) {
    // Whole points would show the choice and the runner-up equal ("-17 … 6♠: -17"): a
    // tenth tells them apart.
    vars.expected = pointsText(expected, 1);
    vars.next_expected = pointsText(next, 1);
  }
  vars.action ??= actionText(hint.action, lang);
  const key = `hint_${hint.reason.key}`;
  const known = t(key as Key, vars, lang);
  return known === key ? t('hint_expert_choice', {}, lang) : sentence(known);
}

/** A line starts with a capital, even when it starts with an action in words. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The hint's fact (what the player can count from the table: "A♥ is still out") in the
 * player's language; null when there is none, or its key is unknown (a newer server). */
export function factText(hint: Hint, lang?: Lang): string | null {
  const fact = hint.reason.fact;
  if (!fact) return null;
  const key = `hint_${fact.key}`;
  const known = t(key as Key, varsText(fact.vars, lang), lang);
  return known === key ? null : sentence(known);
}

export class HintError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function getJson(path: string): Promise<unknown> {
  const token = savedToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch {
    throw new HintError('network', 'network error');
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const e = (data ?? {}) as { code?: string; message?: string };
    throw new HintError(e.code ?? 'network', e.message ?? response.statusText);
  }
  return data;
}

/** Whether the table offers hints (its summary's `hints`: unrated, against bots). */
export async function offersHints(table: number): Promise<boolean> {
  const data = (await getJson(`/api/tables/${table}`)) as { table?: { hints?: unknown } };
  return data.table?.hints === true;
}

/** The hint for this player's current decision at the table. */
export async function fetchHint(table: number): Promise<Hint> {
  const hint = parseHint(await getJson(`/api/tables/${table}/hint`));
  if (hint === null) throw new HintError('bad_json', 'the server sent no hint');
  return hint;
}
