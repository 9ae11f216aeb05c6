import { describe, expect, it } from 'vitest';
import { contractName } from '../i18n.svelte';
import { feats, phrases } from './achievements';

// The Arabic of the milestones: the imperative of فاز is فُز, and a count of matches reads
// right for every goal the room has (10, 50, 100: مباريات after 3..10, مباراة after 11+),
// so the phrase is worded to fit any n rather than with one noun form.
describe('Arabic achievements', () => {
  const ar = phrases.ar;

  it('says "win" as فُز', () => {
    expect(ar.achFirstWinHow).toBe('فُز بمباراة في أي لعبة.');
    expect(ar.achFirstWinGameHow).toBe('فُز بمباراة {game}.');
    for (const text of Object.values(ar)) expect(text).not.toContain('افز');
  });

  it('never pairs a count of 3..10 with the singular مباراة', () => {
    for (const n of [10, 50, 100]) {
      for (const text of [ar.achMatches, ar.achMatchesHow]) {
        const said = text.replace('{n}', String(n));
        expect(said).not.toMatch(/\d+ مباراة/);
        expect(said).toContain(`${n} من المباريات`);
      }
    }
  });
});

// A feat named after a contract says the contract's name as the rest of the room does
// (the score sheet, the chooser, the rules): "Bolola positivo", not "Bolola, más".
describe('feats named after a contract', () => {
  it('say Bolola positive by its contract name in every language', () => {
    for (const lang of ['es', 'en', 'ar'] as const) {
      const [title, how] = feats[lang]['king-bolola:bolola-positive-10'] ?? ['', ''];
      const name = contractName('bolola-positive', lang);
      expect(title).toContain(name);
      expect(how).toContain(name);
      expect(`${title} ${how}`).not.toMatch(/, (más|plus)\b|الموجبة/);
    }
  });
});
