// The replay of a finished match (issue 18, docs/analysis.md): its record from
// GET /api/matches/{id}/replay, each position's views from ?at=V (asked for as the viewer
// steps, kept once read), and the judged mistakes of GET /api/matches/{id}/analysis placed
// on the timeline. This module reads the answers (never trusting their shape) and says
// the mistakes in the player's language; ReplayViewer.svelte draws them.

import { ApiError, savedToken } from './api';
import { isCard } from './cards';
import { suggestionText } from './hints';
import { dirOf, locale, t, type Lang } from './i18n.svelte';
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
const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((c): c is string => typeof c === 'string') : []);

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

const PLACEMENT = /^(?:[2-9TJQKA][SHDC]|JK)\/(?:[2-9TJQKA][SHDC]|JK)\/(?:[2-9TJQKA][SHDC]|JK)$/;

// First-strong isolate and its end (U+2068, U+2069), made from their codes so that no
// invisible control character sits in the source.
const FSI = String.fromCharCode(0x2068);
const PDI = String.fromCharCode(0x2069);

/** A name or an action put into a right-to-left sentence, kept whole in its own direction:
 * bare, "bot-1: 3♦" would read "3 :bot-1♦" in Arabic. Left to right, as it is. */
export function isolated(text: string, lang?: Lang): string {
  return dirOf(lang ?? locale.lang) === 'rtl' ? `${FSI}${text}${PDI}` : text;
}

/** What kind of decision an action is, for the verb a mistake is told with: a card
 * `played`, cards `placed` in roles (Hearts Are Trumps' loot/attacker/defender), or a
 * choice `chose` (a contract, a bid, a step of a turn). */
export function decisionKind(action: string): 'played' | 'placed' | 'chose' {
  if (isCard(action) || action === 'JK') return 'played';
  return PLACEMENT.test(action) ? 'placed' : 'chose';
}

const MISTAKE_KEYS = { played: 'replayMistakePlayed', placed: 'replayMistakePlaced', chose: 'replayMistakeChose' } as const;

/** "seat 2, move 31: played Q♠; better: 7♥ (−12 points, estimate ±3)", a contract "chose
 * No king of hearts; better: No hearts (…)", a placement with each card's role: `n`
 * counts from 1. */
export function mistakeText(m: Mistake, nameOf: (seat: number) => string, lang?: Lang): string {
  const how =
    m.exact || m.spread === null
      ? t(m.exact ? 'replayExact' : 'replayEstimate', { spread: '?' }, lang)
      : t('replayEstimate', { spread: Math.round(m.spread) }, lang);
  return t(
    MISTAKE_KEYS[decisionKind(m.played)],
    {
      name: isolated(nameOf(m.seat), lang),
      n: m.index + 1,
      played: isolated(suggestionText(m.played, lang), lang),
      best: isolated(suggestionText(m.best, lang), lang),
      loss: Math.round(m.loss * 10) / 10,
      how,
    },
    lang,
  );
}

/** A move's action with what the view adds to it: a Hokum said in the first round of
 * bidding is in the suit of the bid card (BA-5), which its text leaves out ("hokum"; a
 * second round's names its suit, "hokum:D"). */
export function actionInView(action: string, view: Obj | undefined): string {
  const card = view?.bid_card;
  if (action === 'hokum' && typeof card === 'string' && isCard(card)) return `hokum:${card.slice(1)}`;
  return action;
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

/** The seats to move in a view. */
export function toMoveOf(view: Obj | undefined): number[] {
  const seats = view?.to_move;
  return Array.isArray(seats) ? seats.filter((s): s is number => typeof s === 'number') : [];
}

/** A card on the table and the seat that played it. */
export interface TableCard {
  seat: number;
  card: string;
}

/** The trick a position shows, in a trick-taking game. */
export interface ReplayTrick {
  /** Its cards in play order, each with who played it. */
  cards: TableCard[];
  /** Its number in its deal, from 1. */
  n: number;
  /** The position's move played its last card; else it is still in play. */
  complete: boolean;
  /** Who took it: null while in play, or when the views do not say. */
  winner: number | null;
  /** What its taker scored for it, where the views say (King Bolola's −100 for a queen). */
  points: number | null;
  /** It was its deal's last: the views at this position are already past the deal. */
  last: boolean;
}

/** A finished trick as views carry it (`tricks`: leader, cards, winner, maybe points). */
interface DoneTrick {
  leader: number;
  cards: string[];
  winner: number | null;
  points: number | null;
}

const numbers = (x: unknown): number[] | null =>
  Array.isArray(x) && x.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (x as number[]) : null;

/** The cards of the trick in play with who played each, where the view has a trick
 * (`trick` as King Bolola's {leader, cards}, seats in turn from the leader, or Baloot's
 * [{seat, card}]; none between deals): null for a game without tricks. */
export function tableOf(view: Obj | undefined, seats: number): TableCard[] | null {
  if (!view || !('trick' in view)) return null;
  const trick = view.trick;
  if (isObj(trick) && Array.isArray(trick.cards)) {
    const leader = num(trick.leader);
    return trick.cards.flatMap((c, k) => (typeof c === 'string' ? [{ seat: (leader + k) % Math.max(1, seats), card: c }] : []));
  }
  if (Array.isArray(trick)) {
    return trick.flatMap((p) => (isObj(p) && typeof p.card === 'string' && typeof p.seat === 'number' ? [{ seat: p.seat, card: p.card }] : []));
  }
  return [];
}

function doneTricks(view: Obj | undefined): DoneTrick[] {
  const tricks = view?.tricks;
  if (!Array.isArray(tricks)) return [];
  return tricks.flatMap((tr): DoneTrick[] =>
    isObj(tr) && Array.isArray(tr.cards)
      ? [
          {
            leader: num(tr.leader),
            cards: strings(tr.cards),
            winner: typeof tr.winner === 'number' ? tr.winner : null,
            points: typeof tr.points === 'number' ? tr.points : null,
          },
        ]
      : [],
  );
}

const historyOf = (view: Obj | undefined): Obj[] => (Array.isArray(view?.history) ? view.history.filter(isObj) : []);

/** The deal the position's move finished, by its number: the view's history (the finished
 * deals) holds one more than the view before the move. Null when the move ended no deal. */
export function dealDone(view: Obj | undefined, before: Obj | undefined): number | null {
  if (!view || !before) return null;
  const done = historyOf(view);
  if (done.length <= historyOf(before).length) return null;
  const deal = done.at(-1)?.deal;
  return typeof deal === 'number' ? deal : done.length;
}

/** Who took a deal's last trick and what it scored, where the views say it: a deal's
 * points per seat (`points` in the view before the move, and in the deal's entry of the
 * history after it) moved for one seat alone. Null otherwise (points by team, none). */
export function lastTaker(before: Obj | undefined, view: Obj | undefined, seats: number): { seat: number; points: number } | null {
  const was = numbers(before?.points);
  const now = numbers(historyOf(view).at(-1)?.points);
  if (!was || !now || was.length !== seats || now.length !== seats) return null;
  const moved = now.flatMap((p, s) => (p !== was[s] ? [s] : []));
  const seat = moved.length === 1 ? moved[0]! : null;
  return seat === null ? null : { seat, points: now[seat]! - was[seat]! };
}

/**
 * The trick to show at a position of a trick-taking game (null in another game, or with
 * nothing on the table): the trick in play; or, when the move played a trick's last card,
 * that trick complete with its taker (the view's finished tricks hold it); or, when that
 * card also ended the deal (the views have moved on to the next deal), the trick rebuilt
 * from the view before the move (`before`) and the move's card, its taker where the
 * deal's points say.
 */
export function replayTrick(views: readonly Obj[], move: string | null, before?: readonly Obj[]): ReplayTrick | null {
  const seats = views.length;
  const view = views[0];
  const now = tableOf(view, seats);
  if (now === null) return null;
  const done = doneTricks(view);
  if (now.length > 0) return { cards: now, n: done.length + 1, complete: false, winner: null, points: null, last: false };
  const played = move === null ? null : splitMove(move);
  if (!played || !isCard(played.action)) return null;
  const top = done.at(-1);
  if (top && top.cards.at(-1) === played.action) {
    const cards = top.cards.map((card, k) => ({ seat: (top.leader + k) % seats, card }));
    return { cards, n: done.length, complete: true, winner: top.winner, points: top.points, last: false };
  }
  const was = before?.[0];
  const open = tableOf(was, seats);
  if (!open || open.length !== seats - 1 || dealDone(view, was) === null) return null;
  const taker = lastTaker(was, view, seats);
  return {
    cards: [...open, { seat: played.seat, card: played.action }],
    n: doneTricks(was).length + 1,
    complete: true,
    winner: taker?.seat ?? null,
    points: taker?.points ?? null,
    last: true,
  };
}

/** Points as a score shows them: signed, with a true minus sign ("+50", "−320", "0"). */
export function signedPoints(p: number): string {
  return p > 0 ? `+${p}` : p < 0 ? `−${-p}` : '0';
}

/** Each seat's tricks taken in the deal, from the view's finished tricks, once its cards
 * are played (`phase` "play"); null before, and in a game without tricks. */
export function tricksWon(view: Obj | undefined, seats: number): number[] | null {
  if (!view || !Array.isArray(view.tricks) || view.phase !== 'play') return null;
  const won = Array.from({ length: seats }, () => 0);
  for (const tr of doneTricks(view)) if (tr.winner !== null && tr.winner < seats) won[tr.winner]! += 1;
  return won;
}

/** Each seat's points in the deal so far, where the view of a trick-taking game keeps
 * them by seat (`points`), once its cards are played. */
export function dealPoints(view: Obj | undefined, seats: number): number[] | null {
  const points = numbers(view?.points);
  return points && points.length === seats && Array.isArray(view?.tricks) && view?.phase === 'play' ? points : null;
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
