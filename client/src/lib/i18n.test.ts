import { describe, expect, it } from 'vitest';
import {
  botLevelName,
  contractHelp,
  contractName,
  dirOf,
  ltr,
  signedLtr,
  intlLocale,
  LANGS,
  pickLang,
  pluralsOf,
  reason,
  sheetLabel,
  suitName,
  t,
  type Lang,
} from './i18n.svelte';
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
    // A placeholder is `{name}`, or the count of a plural block (`{n, plural, …}`).
    const holes = (text: string): string[] => {
      const names = [...text.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1] ?? '');
      return [...new Set(names)].sort();
    };
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
    expect(t('deal', { n: 3 }, 'es')).toBe('Reparto 3 de 24');
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

  it('says one of a count in the singular, in Spanish and English', () => {
    expect(t('games', { n: 1 }, 'es')).toBe('1 partida');
    expect(t('games', { n: 2 }, 'es')).toBe('2 partidas');
    expect(t('games', { n: 0 }, 'es')).toBe('0 partidas');
    expect(t('games', { n: 1 }, 'en')).toBe('1 game');
    expect(t('games', { n: 12 }, 'en')).toBe('12 games');
    expect(t('free', { n: 1 }, 'es')).toBe('1 libre');
    expect(t('points', { n: 1 }, 'en')).toBe('1 point');
    expect(t('cardsLeft', { n: 1 }, 'es')).toBe('1 carta');
    expect(t('htLootCount', { n: 1 }, 'en')).toBe('1 loot card');
    expect(t('replayRunning', { judged: 1, move: 2, moves: 9 }, 'es')).toBe(
      'Analizando… 1 decisión juzgada (jugada 2 de 9)',
    );
  });

  it("gives Arabic counts their six forms: zero, one, two, few, many and other", () => {
    const games = [0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => t('games', { n }, 'ar'));
    expect(games).toEqual([
      'لا مباريات',
      'مباراة واحدة',
      'مباراتان',
      '3 مباريات',
      '10 مباريات',
      '11 مباراة',
      '99 مباراة',
      '100 مباراة',
      '102 مباراة',
    ]);
    expect(t('cardsLeft', { n: 2 }, 'ar')).toBe('ورقتان');
  });

  it("heads the friends panel's incoming requests with a whole phrase", () => {
    // Not "Want to be your friends": a heading with no subject, over a list of names.
    expect(t('friendIncoming', {}, 'en')).toBe('Friend requests');
  });

  it('takes an exact form before a category, and keeps placeholders inside a form', () => {
    const text = '{n, plural, =0 {nobody} one {# player: {name}} other {# players}} at {table}';
    expect(pluralsOf(text)?.map((b) => Object.keys(b.forms))).toEqual([['=0', 'one', 'other']]);
    expect(pluralsOf('{n, plural, one {# game}}')).toBeNull(); // no "other" to fall back on
    expect(pluralsOf('{n, plural, one {# game} other {# games}')).toBeNull(); // unclosed
  });

  it.each(['es', 'en', 'ar'] as Lang[])('writes every plural of %s so that it parses', (lang) => {
    for (const [key, text] of Object.entries(DICTS[lang]!.phrases)) {
      if (text.includes('plural,')) expect(pluralsOf(text)?.length, key).toBeGreaterThan(0);
      expect(t(key as keyof Dict['phrases'], { n: 1, judged: 1, loss: 1 }, lang), key).not.toMatch(/plural,/);
    }
  });

  // Every label the games' deal_scores hooks write (src/bolola/games/*/match.py): King
  // Bolola's contracts, Hearts Are Trumps' "deal", Baloot's contract kinds, Jolly's ends.
  const LABELS: [string, string][] = [
    ['king-bolola', 'queens'],
    ['king-bolola', 'bolola-positive'],
    ['hearts-trumps', 'deal'],
    ['baloot', 'hokum'],
    ['baloot', 'sun'],
    ['jolly', 'closed'],
    ['jolly', 'mano jolly'],
    ['jolly', 'stock out'],
  ];
  it.each(['es', 'en', 'ar'] as Lang[])("names every game's score sheet rows in %s", (lang) => {
    for (const [game, label] of LABELS) {
      const said = sheetLabel(game, label, lang);
      expect(said, `${game} ${label}`).not.toBe(label);
      expect(said.trim(), `${game} ${label}`).not.toBe('');
    }
    expect(sheetLabel('hearts-trumps', 'deal', 'es')).toBe('Reparto');
    expect(sheetLabel('jolly', 'closed', 'es')).toBe('Cierre');
    expect(sheetLabel('baloot', 'sun', 'ar')).toBe('صن');
    expect(sheetLabel('king-bolola', 'jacks-kings', 'es')).toBe('Chicos');
    expect(sheetLabel('some-game', 'odd', 'es')).toBe('odd'); // unknown: the id as it came
  });
});

describe('figures in a sentence', () => {
  it('keep their sign before their digits in Arabic, and only in Arabic', () => {
    expect(contractHelp('tricks', 'ar')).toContain('\u2066−50\u2069');
    expect(contractHelp('tricks', 'en')).toBe('Each trick taken: −50');
    expect(signedLtr('الأفضل A♠، −81.3 (+2)')).toBe('الأفضل A♠، \u2066−81.3\u2069 (\u2066+2\u2069)');
    // A hyphen inside a name or a range is no sign.
    expect(signedLtr('bot-beginner-3 2-3')).toBe('bot-beginner-3 2-3');
  });

  it('keep a right-to-left name in its own run, and leave other names as they are', () => {
    expect(t('turnOf', { name: 'محمد_1' }, 'en')).toBe("\u2068محمد_1\u2069's turn");
    expect(t('turnOf', { name: 'Γιώργος' }, 'en')).toBe("Γιώργος's turn");
    expect(t('turnOf', { name: 'Ana' }, 'en')).toBe("Ana's turn");
    // In an Arabic sentence an Arabic name or phrase runs with it: nothing added.
    expect(t('turnOf', { name: 'محمد' }, 'ar')).not.toContain('\u2068');
  });

  it('are isolated left to right, so a sign stays before its number in Arabic', () => {
    expect(ltr('-530')).toBe('\u2066-530\u2069');
    expect(ltr('+12').length).toBe(5);
  });
});

describe('the contract chooser', () => {
  it('says in a line what every contract costs or earns, in every language', () => {
    for (const lang of ['es', 'en', 'ar'] as const) {
      for (const id of ['tricks', 'jacks-kings', 'queens', 'hearts', 'last-two', 'king-of-hearts', 'bolola-negative', 'trumps', 'bolola-positive']) {
        expect(contractHelp(id, lang)).toMatch(/[−+]\d+/);
      }
    }
    expect(contractHelp('no-such-contract')).toBe('');
  });
});
