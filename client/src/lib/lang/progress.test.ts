import { describe, expect, it } from 'vitest';
import { LANGS, t } from '../i18n.svelte';

describe('an empty leaderboard', () => {
  // Quick play is unrated and the board lists rated play only: "nobody has played" was
  // untrue for a player who had finished matches. It says what counts and how to count.
  it.each(LANGS.map((l) => l.lang))('says only rated tables count, in %s', (lang) => {
    const text = t('noRanked', {}, lang);
    expect(text).toContain(t('rated', {}, lang)); // the new table's "Rated" choice
    expect(text).toContain(t('quickPlayTitle', {}, lang)); // quick play does not count
  });
});
