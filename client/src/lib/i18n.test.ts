import { describe, expect, it } from 'vitest';
import { botLevelName, contractName, dirOf, intlLocale, LANGS, pickLang, reason, suitName, t } from './i18n.svelte';
import { ar } from './lang/ar';
import { en } from './lang/en';
import { es, type Dict } from './lang/es';

describe('i18n', () => {
  it('picks Spanish first, the browser second, a stored choice above all', () => {
    expect(pickLang(null, [])).toBe('es');
    expect(pickLang(null, ['fr-FR'])).toBe('es');
    expect(pickLang(null, ['en-GB', 'es'])).toBe('en');
    expect(pickLang(null, ['es-AR', 'en'])).toBe('es');
    expect(pickLang('en', ['es-ES'])).toBe('en');
  });

  it('picks Arabic from a stored choice or an Arabic browser, and writes it right to left', () => {
    expect(pickLang('ar', ['en-US'])).toBe('ar');
    expect(pickLang(null, ['ar-SA', 'en'])).toBe('ar');
    expect(pickLang(null, ['fr', 'ar-KW'])).toBe('ar');
    expect(pickLang('fr', ['ar'])).toBe('ar');
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('es')).toBe('ltr');
    expect(LANGS.map((l) => l.lang)).toEqual(['es', 'en', 'ar']);
  });

  const DICTS: Record<string, Dict> = { es, en, ar };
  it.each(['en', 'ar'])('has every phrase, contract, rule and error of Spanish in %s, and no other', (lang) => {
    const dict = DICTS[lang] as Dict;
    for (const part of ['phrases', 'contracts', 'rules', 'errors'] as const) {
      expect(Object.keys(dict[part]).sort(), part).toEqual(Object.keys(es[part]).sort());
    }
  });

  it.each(['en', 'ar'])('keeps every placeholder of Spanish in %s, and every text filled', (lang) => {
    const dict = DICTS[lang] as Dict;
    const holes = (text: string): string[] => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const part of ['phrases', 'contracts', 'rules', 'errors'] as const) {
      const mine = dict[part] as Record<string, string>;
      for (const [key, text] of Object.entries(es[part] as Record<string, string>)) {
        expect(holes(mine[key] ?? ''), `${part}.${key}`).toEqual(holes(text));
        expect((mine[key] ?? '').trim(), `${part}.${key}`).not.toBe('');
      }
    }
  });

  it('speaks the Gulf words of Baloot in Arabic, and Western digits', () => {
    expect(t('baSay_hokum', {}, 'ar')).toBe('حكم');
    expect(t('baSay_sun', {}, 'ar')).toBe('صن');
    expect(t('baSay_gahwa', {}, 'ar')).toBe('قهوة');
    expect(t('baProject_sira', {}, 'ar')).toBe('سرا');
    expect(suitName('H', 'ar')).toBe('هاص');
    expect(t('deal', { n: 3 }, 'ar')).toBe('الجولة 3 من 24');
    expect(reason({ code: 'illegal', rule: 'BA-15' }, 'ar')).toMatch(/ \(BA-15\)$/);
    expect(new Date(Date.UTC(2024, 4, 7)).toLocaleDateString(intlLocale('ar'), { timeZone: 'UTC' })).toMatch(/7/);
  });

  it('fills placeholders', () => {
    expect(t('deal', { n: 3 }, 'en')).toBe('Deal 3 of 24');
    expect(t('deal', { n: 3 }, 'es')).toBe('Mano 3 de 24');
    expect(contractName('jacks-kings', 'es')).toBe('Chicos');
  });

  it('explains a refusal from its rule id, else its code, else the message', () => {
    expect(reason({ code: 'illegal', rule: 'KB-11', message: 'QS: you must follow suit' }, 'en')).toBe(
      'You must follow the suit led (KB-11)',
    );
    expect(reason({ code: 'illegal', rule: 'KB-11' }, 'es')).toBe('Debes seguir el palo de salida (KB-11)');
    expect(reason({ code: 'not_your_turn' }, 'en')).toBe('It is not your turn');
    // A refused sign-in says so, not "sign in first" (the session errors' text).
    expect(reason({ code: 'bad_credentials', message: 'wrong name or password' }, 'es')).toBe(
      'Nombre o contraseña incorrectos',
    );
    expect(reason({ code: 'weird', message: 'as the server said' }, 'en')).toBe('as the server said');
    expect(reason({ code: 'bad_request', message: 'a name is 3 to 24 letters' }, 'es')).toBe(
      'Datos no válidos: a name is 3 to 24 letters',
    );
  });

  it('names bot levels and suits', () => {
    expect(botLevelName('expert', 'es')).toBe('experto');
    expect(botLevelName('grandmaster', 'en')).toBe('grandmaster');
    expect(suitName('H', 'en')).toBe('hearts');
    expect(suitName('D', 'es')).toBe('diamantes');
    expect(suitName('X', 'es')).toBe('X');
  });
});
