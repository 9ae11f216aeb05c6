// Seats around the table: where each sits on screen, what its name is, its move clock.
import type { KeptFor, SeatInfo } from '../api';
import { t } from '../i18n.svelte';

export type Place = 'bottom' | 'left' | 'top' | 'right';

const AROUND: Record<number, readonly Place[]> = {
  1: ['bottom'],
  2: ['bottom', 'top'],
  3: ['bottom', 'left', 'right'],
  4: ['bottom', 'left', 'top', 'right'],
};

/** Where `seat` sits on screen, seen from `me` (a spectator sees seat 0 at the bottom). */
export function placeOf(seat: number, me: number | null, seats: number): Place {
  const n = Math.max(1, seats);
  const k = (((seat - (me ?? 0)) % n) + n) % n;
  return AROUND[n]?.[k] ?? 'top';
}

/** A seat's name on screen: its player's, a bot's, the friend a challenge keeps it for,
 * or "—" while free. */
export function seatName(info: SeatInfo | undefined, seat: number): string {
  if (info?.player) return info.player;
  if (info?.kind === 'bot') return `bot ${seat + 1}`;
  if (info?.kept_for) return info.kept_for.player;
  // A seat waiting for whoever sits down says so, not a bare dash.
  return info?.kind === 'human' ? t('seatFree') : '—';
}

/** What a kept seat says under the friend's name: waiting (with the time left to answer),
 * declined, or lapsed unanswered. */
export function keptNote(kept: KeptFor, now: number): { key: 'keptPending' | 'keptDeclined' | 'keptExpired'; left: string } {
  const key = kept.answer === 'declined' ? 'keptDeclined' : kept.answer === 'expired' ? 'keptExpired' : 'keptPending';
  return { key, left: timeLeft(Date.parse(kept.until), now) };
}

/** Minutes and seconds left until `until` ("2:05"), never below "0:00". */
export function timeLeft(until: number, now: number): string {
  const s = Number.isFinite(until) ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What the host of a challenge's table reads in the status line while seats wait for
 * friends: whom they wait for, or — once none of them is coming (declined, lapsed) —
 * who is not coming, so the host knows to ask someone else, seat a bot, or leave.
 * Null for anyone else, or when no seat is kept.
 */
export function hostLine(seats: readonly SeatInfo[], me: string | null): { key: 'keptStatusWaiting' | 'keptStatusNone'; names: string } | null {
  const kept = seats.flatMap((s) => (s.kind === 'human' && !s.player && s.kept_for ? [s.kept_for] : []));
  if (me === null || kept.length === 0 || kept.some((k) => k.from !== me)) return null;
  const pending = kept.filter((k) => k.answer === 'pending');
  if (pending.length > 0) return { key: 'keptStatusWaiting', names: pending.map((k) => k.player).join(', ') };
  return { key: 'keptStatusNone', names: kept.map((k) => k.player).join(', ') };
}

/** The level of a bot the host seats: the table's other bots', else club. */
export function botLevelFor(seats: readonly SeatInfo[]): string {
  return seats.find((s) => s.kind === 'bot' && s.level)?.level ?? 'club';
}

/**
 * Whole seconds left on a move clock, as people read a countdown: rounded up (29.2 s shows
 * "30"), never more than the limit (a tick that lags the deadline does not show "31").
 */
export function secondsLeft(deadline: number, now: number, limitMs: number): number {
  const left = Math.max(0, Math.min(limitMs, deadline - now));
  return Math.min(Math.floor(limitMs / 1000), Math.ceil(left / 1000));
}

/** How much of the move time is left, 0..1 (the ring around the avatar). */
export function clockFraction(deadline: number, now: number, limitMs: number): number {
  if (limitMs <= 0) return 0;
  return Math.max(0, Math.min(1, (deadline - now) / limitMs));
}
