import { describe, expect, it } from 'vitest';
import { clockFraction, placeOf, seatName, secondsLeft } from './seats';

describe('seats around the table', () => {
  it('puts me at the bottom and the others around', () => {
    expect([0, 1, 2, 3].map((s) => placeOf(s, 2, 4))).toEqual(['top', 'right', 'bottom', 'left']);
    expect([0, 1].map((s) => placeOf(s, 1, 2))).toEqual(['top', 'bottom']);
    expect([0, 1, 2].map((s) => placeOf(s, 0, 3))).toEqual(['bottom', 'left', 'right']);
    // A spectator sees seat 0 at the bottom.
    expect([0, 1, 2, 3].map((s) => placeOf(s, null, 4))).toEqual(['bottom', 'left', 'top', 'right']);
  });

  it('names seats', () => {
    expect(seatName({ seat: 1, kind: 'bot', level: 'club', player: 'bot-club-1', online: true, away: false }, 1)).toBe('bot-club-1');
    expect(seatName({ seat: 1, kind: 'bot', level: 'club', player: null, online: true, away: false }, 1)).toBe('bot 2');
    expect(seatName(undefined, 0)).toBe('—');
  });

  it('counts a 30 s clock down from 30, never 31', () => {
    const limit = 30_000;
    // A tick up to 250 ms old makes the deadline look further away than the limit.
    expect(secondsLeft(10_000 + 30_000, 9_750, limit)).toBe(30);
    expect(secondsLeft(40_000, 10_000, limit)).toBe(30);
    expect(secondsLeft(40_000, 10_001, limit)).toBe(30);
    expect(secondsLeft(40_000, 11_000, limit)).toBe(29);
    expect(secondsLeft(40_000, 39_999, limit)).toBe(1);
    expect(secondsLeft(40_000, 40_000, limit)).toBe(0);
    expect(secondsLeft(40_000, 50_000, limit)).toBe(0);
  });

  it('says how much of the clock is left', () => {
    expect(clockFraction(40_000, 10_000, 30_000)).toBe(1);
    expect(clockFraction(40_000, 25_000, 30_000)).toBe(0.5);
    expect(clockFraction(40_000, 45_000, 30_000)).toBe(0);
    expect(clockFraction(40_000, 9_000, 30_000)).toBe(1);
  });
});
