import { describe, expect, it } from 'vitest';
import { GAMES } from './games';
import { LANGS, t } from './i18n.svelte';

describe('the landing page tagline', () => {
  // The titles the lobby's tiles show (gameName: each game's `name` phrase), per language.
  it.each(LANGS.map((l) => l.lang))('names every game of the room in %s', (lang) => {
    const tagline = t('tagline', {}, lang);
    for (const g of GAMES) expect(tagline, `${g.id} in ${lang}`).toContain(t(g.name, {}, lang));
  });
});
