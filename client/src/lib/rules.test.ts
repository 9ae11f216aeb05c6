import { describe, expect, it } from 'vitest';
import { gameOfRule, ruleAnchor, rulesGames, rulesHtml, rulesText } from './rules';

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
