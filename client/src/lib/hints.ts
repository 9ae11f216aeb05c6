// Practice hints (issue 18, docs/hints.md): the expert's suggestion for the seat to move,
// asked of GET /api/tables/{id}/hint, which answers only at unrated tables against bots.
// This module reads the answer (never trusting its shape) and says it in the player's
// language; HintButton.svelte shows it.

import { savedToken } from './api';
import { cardText, isCard } from './cards';
import { contractName, t, type Key, type Lang } from './i18n.svelte';

export type HintVar = string | number;

export interface Hint {
  table: number;
  version: number;
  action: string;
  reason: { key: string; vars: Record<string, HintVar> };
  expected: number | null;
}

/** The server's answer as a Hint, or null if it is not one. */
export function parseHint(raw: unknown): Hint | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const reason = r.reason as Record<string, unknown> | null | undefined;
  if (typeof r.action !== 'string' || typeof reason !== 'object' || reason === null) return null;
  if (typeof reason.key !== 'string') return null;
  const vars: Record<string, HintVar> = {};
  if (typeof reason.vars === 'object' && reason.vars !== null) {
    for (const [k, v] of Object.entries(reason.vars as Record<string, unknown>)) {
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) vars[k] = v;
    }
  }
  const expected = typeof r.expected === 'number' && Number.isFinite(r.expected) ? r.expected : null;
  return {
    table: typeof r.table === 'number' ? r.table : 0,
    version: typeof r.version === 'number' ? r.version : 0,
    action: r.action,
    reason: { key: reason.key, vars },
    expected,
  };
}

const SUIT_SIGN: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** An action as the player reads it: a card as it shows ("10♥"), a contract by its name
 * ("Trumps ♥"), other actions with their cards shown ("take:2", "5♠/Q♦/Q♥"). */
export function actionText(action: string, lang?: Lang): string {
  if (isCard(action) || action === 'JK') return cardText(action);
  const [name = '', suit] = action.split(':');
  const contract = contractName(name, lang);
  if (contract !== name && (suit === undefined || suit in SUIT_SIGN)) {
    return suit === undefined ? contract : `${contract} ${SUIT_SIGN[suit]}`;
  }
  return action.replace(/[0-9TJQKA][SHDC]|JK/g, (c) => (isCard(c) || c === 'JK' ? cardText(c) : c));
}

/** Points as a reason shows them: signed and whole ("+116", "-12"). */
export function pointsText(value: number): string {
  const n = Math.round(value);
  return n > 0 ? `+${n}` : String(n);
}

/** The hint's one-line reason in the player's language; an unknown key (a newer server)
 * reads as the generic "the expert bot's choice". */
export function reasonText(hint: Hint, lang?: Lang): string {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(hint.reason.vars)) {
    if (k === 'action' || k === 'next') vars[k] = actionText(String(v), lang);
    else if (k === 'expected' || k === 'next_expected') vars[k] = typeof v === 'number' ? pointsText(v) : v;
    else vars[k] = v;
  }
  vars.action ??= actionText(hint.action, lang);
  const key = `hint_${hint.reason.key}`;
  const known = t(key as Key, vars, lang);
  return known === key ? t('hint_expert_choice', {}, lang) : known;
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
