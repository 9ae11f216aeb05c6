import { describe, expect, it } from 'vitest';
import { applyLook, BACKS, FELTS, isUnlocked, look, unlockedBetween, type Cosmetic } from './cosmetics.svelte';

const catalogue: Cosmetic[] = [
  { kind: 'back', name: 'classic', level: 1 },
  { kind: 'felt', name: 'green', level: 1 },
  { kind: 'back', name: 'crimson', level: 3 },
  { kind: 'felt', name: 'blue', level: 4 },
  { kind: 'back', name: 'lattice', level: 5 },
];

describe('cosmetics', () => {
  it('wears a known choice and falls back to the defaults for an unknown one', () => {
    applyLook('crimson', 'blue');
    expect(look).toEqual({ back: 'crimson', felt: 'blue' });
    applyLook('hologram', undefined);
    expect(look).toEqual({ back: 'classic', felt: 'green' });
  });

  it('names what a jump of levels unlocked, and what a level may wear', () => {
    expect(unlockedBetween(catalogue, 2, 4).map((c) => c.name)).toEqual(['crimson', 'blue']);
    expect(unlockedBetween(catalogue, 5, 5)).toEqual([]);
    expect(isUnlocked(catalogue[4]!, 4)).toBe(false);
    expect(isUnlocked(catalogue[4]!, 5)).toBe(true);
  });

  it('draws every design the server may name', () => {
    // The server's catalogue (progression/cosmetics.py) names these backs and felts.
    expect([...BACKS]).toEqual(['classic', 'crimson', 'lattice', 'night', 'gold']);
    expect(Object.keys(FELTS)).toEqual(['green', 'blue', 'burgundy', 'slate', 'royal']);
  });
});
