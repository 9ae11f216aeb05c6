// How long to wait before the next reconnection attempt: short at first, growing by half
// each time, capped at two seconds, with ±30% jitter so a restarted server is not hit by
// every browser at the same instant.

export interface Backoff {
  baseMs: number;
  factor: number;
  capMs: number;
  /** The spread either side, as a fraction of the delay (0.3: ±30%). */
  jitter: number;
}

export const BACKOFF: Backoff = { baseMs: 250, factor: 1.5, capMs: 2000, jitter: 0.3 };

/** The delay before attempt `attempt` (0 for the first retry), in whole milliseconds. */
export function backoffDelay(attempt: number, random: () => number = Math.random, b: Backoff = BACKOFF): number {
  const raw = Math.min(b.capMs, b.baseMs * b.factor ** Math.max(0, attempt));
  const spread = (random() * 2 - 1) * b.jitter;
  return Math.max(0, Math.round(raw * (1 + spread)));
}
