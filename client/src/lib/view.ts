// The table as the server sends it: KingBololaView.to_json() and the frames around it.
import type { SeatInfo } from './api';

export interface TrickJson {
  leader: number;
  cards: string[];
  winner: number | null;
  points: number;
}

export interface DealJson {
  deal: number;
  declarer: number;
  contract: string;
  trump: string | null;
  points: number[];
  tricks_played: number;
}

export interface KingBololaView {
  /** The game's name: every view carries it, and the client tells boards apart by it. */
  game: 'king-bolola';
  seat: number | null;
  deal: number;
  declarer: number | null;
  phase: 'declare' | 'play' | 'over';
  to_move: number[];
  legal: string[];
  hand: string[] | null;
  hand_counts: number[];
  contract: string | null;
  trump: string | null;
  trick: TrickJson | null;
  tricks: TrickJson[];
  points: number[];
  tricks_won: number[];
  totals: number[];
  offered: string[];
  quota_left: Record<string, number>;
  history: DealJson[];
  /** Why each seat scored what it did in the last finished deal (`history`'s last):
   * `[kind, how many, points each]` items (lib/kb-why.ts); null before the first. */
  last_why?: [string, number, number][][] | null;
  options: Record<string, unknown>;
}

export interface Clock {
  seats: number[];
  deadline_ms: number;
  remaining_ms: number;
  limit_ms: number;
}

export interface ChatLine {
  from: string;
  seat: number | null;
  text: string;
  at: string;
}

export interface Over {
  scores: number[];
  /** Places from 1 (first); ties share a place. */
  ranks: number[];
  /** Partners (Baloot: [[0, 2], [1, 3]]), one side each; null: each seat alone. */
  teams: number[][] | null;
  record: string;
}

export type { SeatInfo };

/** A parsed event line of an update (the server's ``str(event)``). */
export type GameEvent =
  | { kind: 'deal'; deal: number; declarer: number }
  | { kind: 'declare'; seat: number; contract: string; trump: string | null }
  | { kind: 'play'; seat: number; card: string }
  | { kind: 'trick'; no: number; seat: number; cards: string[]; points: number }
  | { kind: 'dealOver'; tricks: number; points: number[] }
  | { kind: 'other'; text: string };

export function parseEvent(text: string): GameEvent {
  let m = /^deal (\d+) declarer (\d)$/.exec(text);
  if (m) return { kind: 'deal', deal: Number(m[1]), declarer: Number(m[2]) };
  m = /^declare (\d) ([a-z-]+)(?::([SHDC]))?$/.exec(text);
  if (m) return { kind: 'declare', seat: Number(m[1]), contract: m[2] ?? '', trump: m[3] ?? null };
  m = /^play (\d) (\S+)$/.exec(text);
  if (m) return { kind: 'play', seat: Number(m[1]), card: m[2] ?? '' };
  m = /^trick (\d+) to (\d) \[([^\]]*)\] ([+-]?\d+)$/.exec(text);
  if (m)
    return {
      kind: 'trick',
      no: Number(m[1]),
      seat: Number(m[2]),
      cards: (m[3] ?? '').split(' ').filter(Boolean),
      points: Number(m[4]),
    };
  m = /^deal over after (\d+) tricks \[([^\]]*)\]$/.exec(text);
  if (m)
    return {
      kind: 'dealOver',
      tricks: Number(m[1]),
      points: (m[2] ?? '').split(',').map((x) => Number(x.trim())),
    };
  return { kind: 'other', text };
}

/** A finished trick, held on screen for a moment before it slides to its winner. */
export interface FinishedTrick {
  leader: number;
  cards: string[];
  winner: number;
  points: number;
}

/**
 * The trick an update finished, if any: its four cards from the `trick` event, its leader
 * from the trick the screen showed before (else the deal's last trick in the new view).
 */
export function finishedTrick(
  events: readonly string[],
  before: KingBololaView | null,
  after: KingBololaView | null,
): FinishedTrick | null {
  for (const text of events) {
    const e = parseEvent(text);
    if (e.kind !== 'trick') continue;
    const leader = before?.trick?.leader ?? after?.tricks.at(-1)?.leader ?? e.seat;
    return { leader, cards: e.cards, winner: e.seat, points: e.points };
  }
  return null;
}

/** The declarer's choices from the legal actions: contracts, and trump suits for trumps. */
export function choices(legal: readonly string[]): { contracts: string[]; trumps: string[] } {
  const contracts: string[] = [];
  const trumps: string[] = [];
  for (const a of legal) {
    if (a.startsWith('trumps:')) {
      trumps.push(a.slice(7));
      if (!contracts.includes('trumps')) contracts.push('trumps');
    } else if (/^[a-z-]+$/.test(a)) contracts.push(a);
  }
  return { contracts, trumps };
}

export interface SheetRow {
  deal: number;
  declarer: number | null;
  contract: string | null;
  trump: string | null;
  points: number[] | null;
}

/** The 24 rows of the score sheet: played deals from the history, the rest empty. */
export function scoreSheet(history: readonly DealJson[]): SheetRow[] {
  const rows: SheetRow[] = [];
  for (let n = 1; n <= 24; n++) {
    const h = history.find((d) => d.deal === n);
    rows.push(
      h
        ? { deal: n, declarer: h.declarer, contract: h.contract, trump: h.trump, points: h.points }
        : { deal: n, declarer: null, contract: null, trump: null, points: null },
    );
  }
  return rows;
}
