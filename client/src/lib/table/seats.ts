// Seats around the table: where each sits on screen, what its name is, its move clock.
import type { SeatInfo } from '../api';

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

/** A seat's name on screen: its player's, a bot's, or "—" while free. */
export function seatName(info: SeatInfo | undefined, seat: number): string {
  if (info?.player) return info.player;
  return info?.kind === 'bot' ? `bot ${seat + 1}` : '—';
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
