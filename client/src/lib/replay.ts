// The replay of a finished match (issue 18, docs/analysis.md): its record from
// GET /api/matches/{id}/replay, each position's views from ?at=V (asked for as the viewer
// steps, kept once read), and the judged mistakes of GET /api/matches/{id}/analysis placed
// on the timeline. This module reads the answers (never trusting their shape) and says
// the mistakes in the player's language; ReplayViewer.svelte draws them.

import { ApiError, savedToken } from './api';
import { actionText } from './hints';
import { t, type Lang } from './i18n.svelte';
import type { JollyRound } from './jolly';

export interface ReplayInfo {
  id: number;
  game: string;
  seats: number;
  /** The last version: how many moves the match had. */
  versions: number;
  moves: string[];
}

/** Every seat's view after the first `at` moves; `move` made it (null at 0). */
export interface Position {
  at: number;
  move: string | null;
  views: Record<string, unknown>[];
}

export interface Mistake {
  /** The move's index in the record (0-based): the decision is made at version `index`. */
  index: number;
  seat: number;
  played: string;
  best: string;
  loss: number;
  exact: boolean;
  /** The loss's standard error (null: one play-out, unknown). */
  spread: number | null;
  clear: boolean;
}

export type Analysis =
  | { status: 'queued'; ahead: number }
  | { status: 'running'; judged: number; move: number; moves: number }
  | { status: 'done'; mistakes: Mistake[] }
  | { status: 'failed'; error: string };

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const num = (x: unknown, fallback = 0): number => (typeof x === 'number' && Number.isFinite(x) ? x : fallback);

export function parseReplay(raw: unknown): ReplayInfo | null {
  const r = isObj(raw) && isObj(raw.replay) ? raw.replay : null;
  const record = r && isObj(r.record) ? r.record : null;
  if (!r || !record || typeof r.game !== 'string' || !Array.isArray(record.moves)) return null;
  const moves = record.moves.filter((m): m is string => typeof m === 'string');
  return { id: num(r.id), game: r.game, seats: num(r.seats), versions: moves.length, moves };
}

export function parsePosition(raw: unknown): Position | null {
  const p = isObj(raw) && isObj(raw.position) ? raw.position : null;
  if (!p || typeof p.at !== 'number' || !Array.isArray(p.views) || !p.views.every(isObj)) return null;
  return { at: p.at, move: typeof p.move === 'string' ? p.move : null, views: p.views };
}

/** The judged decisions that lost points, in record order. */
export function mistakesOf(review: unknown): Mistake[] {
  const decisions = isObj(review) && Array.isArray(review.decisions) ? review.decisions : [];
  const out: Mistake[] = [];
  for (const d of decisions) {
    if (!isObj(d) || typeof d.played !== 'string' || typeof d.best !== 'string') continue;
    const loss = num(d.loss);
    if (!(loss > 0)) continue;
    out.push({
      index: num(d.index),
      seat: num(d.seat),
      played: d.played,
      best: d.best,
      loss,
      exact: d.exact === true,
      spread: typeof d.spread === 'number' && Number.isFinite(d.spread) ? d.spread : null,
      clear: d.clear === true,
    });
  }
  return out.sort((a, b) => a.index - b.index);
}

export function parseAnalysis(raw: unknown): Analysis | null {
  if (!isObj(raw)) return null;
  switch (raw.status) {
    case 'queued':
      return { status: 'queued', ahead: num(raw.ahead) };
    case 'running':
      return { status: 'running', judged: num(raw.judged), move: num(raw.move), moves: num(raw.moves) };
    case 'done':
      return { status: 'done', mistakes: mistakesOf(raw.review) };
    case 'failed':
      return { status: 'failed', error: typeof raw.error === 'string' ? raw.error : '' };
    default:
      return null;
  }
}

/** A version kept inside the match: 0..versions, whole. */
export function clampVersion(v: number, versions: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.max(0, Math.min(versions, Math.round(v)));
}

/** Where a version sits on the timeline, in percent of its length. */
export function timelinePercent(version: number, versions: number): number {
  return versions > 0 ? (100 * clampVersion(version, versions)) / versions : 0;
}

/** The move's seat and action from its record form, `seat:action`. */
export function splitMove(move: string): { seat: number; action: string } {
  const at = move.indexOf(':');
  return { seat: Number(move.slice(0, at)), action: move.slice(at + 1) };
}

/** "seat 2, move 31: played Q♠, best 7♥, −12 points (estimate ±3)": `n` counts from 1. */
export function mistakeText(m: Mistake, nameOf: (seat: number) => string, lang?: Lang): string {
  const how =
    m.exact || m.spread === null
      ? t(m.exact ? 'replayExact' : 'replayEstimate', { spread: '?' }, lang)
      : t('replayEstimate', { spread: Math.round(m.spread) }, lang);
  return t(
    'replayMistake',
    {
      name: nameOf(m.seat),
      n: m.index + 1,
      played: actionText(m.played, lang),
      best: actionText(m.best, lang),
      loss: Math.round(m.loss * 10) / 10,
      how,
    },
    lang,
  );
}

/** A card's face for the Card component from a game's card id (Jolly's `7H1` is `7H`). */
export function faceOf(card: string): string | null {
  if (card.startsWith('JK')) return 'JK';
  const face = card.slice(0, 2);
  return /^[2-9TJQKA][SHDC]$/.test(face) ? face : null;
}

/** The seat's own cards in its view, whatever the game: `hand`, a list of card ids. */
export function handOf(view: Obj | undefined): string[] {
  const hand = view?.hand;
  return Array.isArray(hand) ? hand.filter((c): c is string => typeof c === 'string') : [];
}

/** The cards of the trick in play, where the view has one (`trick` as King Bolola's
 * {leader, cards} or Baloot's [{seat, card}]); else none. */
export function trickOf(view: Obj | undefined): string[] {
  const trick = view?.trick;
  if (isObj(trick) && Array.isArray(trick.cards)) {
    return trick.cards.filter((c): c is string => typeof c === 'string');
  }
  if (Array.isArray(trick)) {
    return trick.flatMap((p) => (isObj(p) && typeof p.card === 'string' ? [p.card] : []));
  }
  return [];
}

/** The seats to move in a view. */
export function toMoveOf(view: Obj | undefined): number[] {
  const seats = view?.to_move;
  return Array.isArray(seats) ? seats.filter((s): s is number => typeof s === 'number') : [];
}

/** A card on a Jolly meld: its id, what it stands for (a joker's assignment), who laid it. */
export interface ReplaySlot {
  card: string;
  as: string;
  by: number;
}

export interface ReplayMeld {
  id: number;
  kind: string;
  cards: ReplaySlot[];
}

/** What a Jolly position has on the table, as the live board shows it: the melds by the
 * seat that put each down (only seats with some), the discard pile (oldest first) and how
 * many cards the stock holds. */
export interface ReplayJolly {
  groups: { seat: number; melds: ReplayMeld[] }[];
  pile: string[];
  stock: number;
  /** Between rounds: the round just scored, card by card (as the live board shows it). */
  round: JollyRound | null;
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((c): c is string => typeof c === 'string') : []);

function meldOf(raw: unknown): ReplayMeld | null {
  if (!isObj(raw) || typeof raw.id !== 'number' || !Array.isArray(raw.cards)) return null;
  const cards = raw.cards.flatMap((c): ReplaySlot[] =>
    isObj(c) && typeof c.card === 'string'
      ? [{ card: c.card, as: typeof c.as === 'string' ? c.as : c.card.slice(0, 2), by: num(c.by, -1) }]
      : [],
  );
  return { id: raw.id, kind: typeof raw.kind === 'string' ? raw.kind : '', cards };
}

/** The table of a Jolly view (JollyView.to_json(): `melds` by seat, `pile`, `stock`);
 * null for another game's view. `game` names the game of a view that does not say it. */
export function jollyTableOf(view: Obj | undefined, game?: string): ReplayJolly | null {
  if (!view || (view.game ?? game) !== 'jolly') return null;
  const melds = Array.isArray(view.melds) ? view.melds : [];
  const groups = melds.flatMap((group, seat) => {
    const owned = Array.isArray(group) ? group.map(meldOf).filter((m): m is ReplayMeld => m !== null) : [];
    return owned.length > 0 ? [{ seat, melds: owned }] : [];
  });
  return { groups, pile: strings(view.pile), stock: num(view.stock), round: scoredRound(view) };
}

function scoredRound(view: Obj): JollyRound | null {
  const last = view.last_round;
  if (view.phase !== 'scored' || !isObj(last) || typeof last.round !== 'number' || !Array.isArray(last.seats)) return null;
  return last as unknown as JollyRound;
}

/** The pile's top `n` cards (the newest last) and how many older ones lie under them. */
export function pileTop(pile: readonly string[], n: number): { shown: string[]; under: number } {
  const k = Math.max(0, Math.min(pile.length, Math.floor(n)));
  return { shown: pile.slice(pile.length - k), under: pile.length - k };
}

async function get(path: string): Promise<unknown> {
  const token = savedToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError('network', 'network error');
  }
  const data: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const e = isObj(data) ? data : {};
    throw new ApiError(
      typeof e.code === 'string' ? e.code : 'network',
      typeof e.message === 'string' ? e.message : response.statusText,
    );
  }
  return data;
}

export async function fetchReplay(id: number): Promise<ReplayInfo> {
  const info = parseReplay(await get(`/api/matches/${id}/replay`));
  if (!info) throw new ApiError('bad_json', 'not a replay');
  return info;
}

/** Positions read once and kept: stepping back costs nothing. */
export class Positions {
  private known = new Map<number, Promise<Position>>();
  constructor(private readonly id: number) {}

  at(version: number): Promise<Position> {
    let found = this.known.get(version);
    if (!found) {
      found = get(`/api/matches/${this.id}/replay?at=${version}`).then((raw) => {
        const p = parsePosition(raw);
        if (!p) throw new ApiError('bad_json', 'not a position');
        return p;
      });
      found.catch(() => this.known.delete(version)); // a failure is asked again next time
      this.known.set(version, found);
    }
    return found;
  }
}

export async function fetchAnalysis(id: number): Promise<Analysis> {
  const a = parseAnalysis(await get(`/api/matches/${id}/analysis`));
  if (!a) throw new ApiError('bad_json', 'not an analysis');
  return a;
}
