import { describe, expect, it } from 'vitest';
import { gameOfRule, linkRuleIds, ruleAnchor, ruleParts, rulesFile, rulesGames, rulesHtml, rulesLink, rulesText } from './rules';

describe('rules pages', () => {
  it('find every game that has a rules file, in English and Spanish', async () => {
    expect(rulesGames()).toEqual(expect.arrayContaining(['king-bolola', 'hearts-trumps', 'platform']));
    const en = await rulesText('king-bolola', 'en');
    const es = await rulesText('king-bolola', 'es');
    expect(en).toContain('**KB-11.**');
    expect(es).toContain('**KB-11.**');
    expect(es).not.toBe(en);
    // No Spanish platform file: English stands in.
    expect(await rulesText('platform', 'es')).toContain('**PL-1.**');
    expect(await rulesText('chess', 'en')).toBeNull();
  });

  it('give every rule an anchor and leave out the record formats', async () => {
    const html = rulesHtml((await rulesText('king-bolola', 'en')) ?? '');
    expect(html).toContain('<strong id="kb-11" class="rule-id">KB-11.</strong>');
    expect(html).not.toMatch(/Records \(the referee/);
    for (const id of ['kb-1', 'kb-22', 'kb-48']) expect(html).toContain(`id="${id}"`);
    const es = rulesHtml((await rulesText('hearts-trumps', 'es')) ?? '');
    expect(es).toContain('id="ht-16"');
    expect(es).not.toMatch(/Formato del registro/);
    // Nor the written form of actions, with its card codes.
    for (const [game, lang, heading] of [
      ['baloot', 'en', 'Writing actions'],
      ['jolly', 'es', 'Cómo se escriben las acciones'],
    ] as const) {
      const page = rulesHtml((await rulesText(game, lang)) ?? '');
      expect(page).not.toContain(heading);
      expect(page).toContain('id="' + (game === 'baloot' ? 'ba-26' : 'jo-20') + '"');
    }
  });

  it('link the rules files to each other inside the app, never to a raw .md file', async () => {
    // The other language of the same game: that page, with its text in that language.
    expect(rulesLink('baloot.es.md', 'baloot')).toBe('/rules/baloot?lang=es');
    expect(rulesLink('baloot.md', 'baloot')).toBe('/rules/baloot?lang=en');
    expect(rulesLink('./jolly.es.md', 'jolly')).toBe('/rules/jolly?lang=es');
    // Another game's rules, or the platform's: their page, in the reader's language.
    expect(rulesLink('king-bolola.md', 'platform')).toBe('/rules/king-bolola');
    expect(rulesLink('king-bolola.md#kb-5', 'platform')).toBe('/rules/king-bolola#kb-5');
    expect(rulesLink('platform.md', 'jolly')).toBe('/rules/platform');
    expect(rulesLink('hearts-trumps.es.md#ht-6', 'baloot')).toBe('/rules/hearts-trumps?lang=es#ht-6');
    // Anything else stays as written.
    for (const href of ['https://example.org/x.md', '#kb-3', '../architecture.md', 'chess.md', 'mailto:a@b.c']) {
      expect(rulesLink(href, 'baloot')).toBe(href);
    }
    // Every rules page as rendered: no link is left pointing at a .md file, and each file's
    // link to its other language goes to that game's page in that language.
    for (const game of rulesGames()) {
      for (const lang of ['en', 'es']) {
        const file = await rulesFile(game, lang);
        const html = rulesHtml(file?.text ?? '', game);
        const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
        expect(hrefs.filter((h) => /\.md(#|$)/.test(h)), `${game}.${lang}`).toEqual([]);
        if (game !== 'platform') {
          const other = file?.lang === 'es' ? 'en' : 'es';
          expect(hrefs, `${game}.${lang}`).toContain(`/rules/${game}?lang=${other}`);
        }
      }
    }
    expect(rulesHtml((await rulesText('platform', 'en')) ?? '', 'platform')).toContain('href="/rules/king-bolola"');
  });

  it('say which language the text it found is in', async () => {
    expect((await rulesFile('baloot', 'es'))?.lang).toBe('es');
    expect((await rulesFile('baloot', 'en'))?.lang).toBe('en');
    expect((await rulesFile('baloot', 'ar'))?.lang).toBe('en');
    expect((await rulesFile('platform', 'es'))?.lang).toBe('en');
    expect(await rulesFile('chess', 'es')).toBeNull();
  });

  it('map a rule id to its game and anchor', () => {
    expect(gameOfRule('KB-11')).toBe('king-bolola');
    expect(gameOfRule('HT-6')).toBe('hearts-trumps');
    expect(gameOfRule('PL-4')).toBe('platform');
    expect(gameOfRule('nonsense')).toBeNull();
    expect(ruleAnchor('KB-11')).toBe('kb-11');
  });
});

describe('the rules route', async () => {
  const { parseRoute, pathOf } = await import('./route');
  it('reads and writes /rules/<game>', () => {
    expect(parseRoute('/rules/king-bolola')).toEqual({ kind: 'rules', game: 'king-bolola' });
    expect(pathOf({ kind: 'rules', game: 'hearts-trumps' })).toBe('/rules/hearts-trumps');
    expect(parseRoute('/rules/../etc')).toEqual({ kind: 'lobby' });
  });
});

describe('rule ids the rules cite', () => {
  it('are links to the rule, here or on its game\'s page; definitions and links stay', () => {
    const html = '<p><strong id="kb-5" class="rule-id">KB-5.</strong> see KB-8 and PL-16 (<a href="#kb-9">KB-9</a>)</p>';
    expect(linkRuleIds(html, 'king-bolola')).toBe(
      '<p><strong id="kb-5" class="rule-id">KB-5.</strong> see <a href="#kb-8" class="rule-ref">KB-8</a> and ' +
        '<a href="/rules/platform#pl-16" class="rule-ref">PL-16</a> (<a href="#kb-9">KB-9</a>)</p>',
    );
  });
});

describe('rule ids in a sentence', () => {
  it('splits the words from each cited id, with its rules page', () => {
    expect(ruleParts('Gana el rango más alto (HT-12)')).toEqual([
      { text: 'Gana el rango más alto' },
      { rule: 'HT-12', href: '/rules/hearts-trumps#ht-12' },
    ]);
    expect(ruleParts('Tu subasta (BA-5): pasa')).toEqual([
      { text: 'Tu subasta' },
      { rule: 'BA-5', href: '/rules/baloot#ba-5' },
      { text: ': pasa' },
    ]);
    expect(ruleParts('No combina (JO-3, JO-4)')).toEqual([
      { text: 'No combina' },
      { rule: 'JO-3', href: '/rules/jolly#jo-3' },
      { text: ', ' },
      { rule: 'JO-4', href: '/rules/jolly#jo-4' },
    ]);
    // Not a rule of ours: left as written.
    expect(ruleParts('Version (XY-2)')).toEqual([{ text: 'Version (XY-2)' }]);
    expect(ruleParts('')).toEqual([]);
  });
});
