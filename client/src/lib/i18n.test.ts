import { describe, expect, it } from 'vitest';
import { botLevelName, contractName, pickLang, reason, suitName, t } from './i18n.svelte';
import { en } from './lang/en';
import { es } from './lang/es';

describe('i18n', () => {
  it('picks Spanish first, the browser second, a stored choice above all', () => {
    expect(pickLang(null, [])).toBe('es');
    expect(pickLang(null, ['fr-FR'])).toBe('es');
    expect(pickLang(null, ['en-GB', 'es'])).toBe('en');
    expect(pickLang(null, ['es-AR', 'en'])).toBe('es');
    expect(pickLang('en', ['es-ES'])).toBe('en');
  });

  it('has every phrase, contract and rule in both languages', () => {
    expect(Object.keys(en.phrases).sort()).toEqual(Object.keys(es.phrases).sort());
    expect(Object.keys(en.contracts).sort()).toEqual(Object.keys(es.contracts).sort());
    expect(Object.keys(en.rules).sort()).toEqual(Object.keys(es.rules).sort());
    expect(Object.keys(en.errors).sort()).toEqual(Object.keys(es.errors).sort());
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
