import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffDelay } from './backoff';

describe('reconnection back-off', () => {
  it('starts at 250 ms and grows by half each attempt', () => {
    const mid = (): number => 0.5; // no jitter
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, mid))).toEqual([250, 375, 563, 844]);
  });

  it('is capped at two seconds', () => {
    const mid = (): number => 0.5;
    expect(backoffDelay(6, mid)).toBe(2000);
    expect(backoffDelay(50, mid)).toBe(2000);
  });

  it('spreads by at most 30% either way', () => {
    expect(backoffDelay(0, () => 0)).toBe(175);
    expect(backoffDelay(0, () => 0.9999999)).toBe(325);
    expect(backoffDelay(20, () => 0)).toBe(1400);
    expect(backoffDelay(20, () => 0.9999999)).toBe(2600);
    for (let n = 0; n < 30; n++) {
      const d = backoffDelay(n);
      const raw = Math.min(BACKOFF.capMs, 250 * 1.5 ** n);
      expect(d).toBeGreaterThanOrEqual(Math.floor(raw * 0.7));
      expect(d).toBeLessThanOrEqual(Math.ceil(raw * 1.3));
    }
  });

  it('reaches a server back after two seconds within about three', () => {
    // Worst case (every delay at +30%): attempts 0, 1, 2 … sum past 2 s quickly.
    const high = (): number => 0.9999999;
    let waited = 0;
    let n = 0;
    while (waited < 2000) waited += backoffDelay(n++, high);
    expect(waited).toBeLessThan(2000 + 2600);
  });
});
