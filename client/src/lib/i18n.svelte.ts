// Spanish, English and Arabic (right to left). Spanish is the room's first language; the
// browser picks, a switch overrides, and the choice is remembered per browser.
import { ar } from './lang/ar';
import { en } from './lang/en';
import { es, type Dict } from './lang/es';

export type Lang = 'es' | 'en' | 'ar';
const DICTS: Record<Lang, Dict> = { es, en, ar };
const KEY = 'bolola.lang';

/** Every language, in the switch's order, each with its name in itself. */
export const LANGS: readonly { lang: Lang; name: string }[] = [
  { lang: 'es', name: 'Español' },
  { lang: 'en', name: 'English' },
  { lang: 'ar', name: 'العربية' },
];

export function isLang(x: string | null | undefined): x is Lang {
  return x === 'es' || x === 'en' || x === 'ar';
}

export function pickLang(stored: string | null, browser: readonly string[]): Lang {
  if (isLang(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'es';
}

function initial(): Lang {
  if (typeof localStorage === 'undefined') return 'es';
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return pickLang(localStorage.getItem(KEY), langs);
}

export const locale = $state<{ lang: Lang }>({ lang: initial() });

/** The writing direction of a language (Arabic is written right to left). */
export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return RTL.has(lang) ? 'rtl' : 'ltr';
}
const RTL: ReadonlySet<string> = new Set(['ar']);

// Left-to-right isolate and its end (U+2066, U+2069), made from their codes so that no
// invisible control character sits in the source.
const LRI = String.fromCharCode(0x2066);
const PDI = String.fromCharCode(0x2069);

/** A number or signed figure put into a sentence, kept left to right: in Arabic a bare
 * "+12" or "-530" would read "12+" and "530-". */
export function ltr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

// First-strong isolate (U+2068): a text put into a sentence keeps its own direction.
const FSI = String.fromCharCode(0x2068);
// Hebrew and Arabic letters (with their presentation forms): a right-to-left run.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** A value put into a left-to-right sentence: a name in a right-to-left alphabet is
 * isolated, or its neighbours (a colon, a number, "vs") would be drawn into
 * its run and moved ("محمد_1: 12" read as "12 :محمد_1"). Others are left as they are. */
function placed(value: string | number): string {
  const text = String(value);
  return typeof value === 'string' && RIGHT_TO_LEFT.test(text) ? `${FSI}${text}${PDI}` : text;
}

/** The page's language and direction, as the document should declare them. */
export function declareLang(lang: Lang): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
}

/** The locale for dates and numbers: Arabic keeps Western digits (0-9), as Gulf apps do. */
export function intlLocale(lang: Lang): string {
  return lang === 'ar' ? 'ar-u-nu-latn' : lang;
}

export function setLang(lang: Lang): void {
  locale.lang = lang;
  localStorage.setItem(KEY, lang);
  declareLang(lang);
}

export type Key = keyof Dict['phrases'];

/**
 * The phrase `key` in the current language, `{name}` placeholders filled from `vars`, and
 * each count's plural form chosen (`{n, plural, one {# partida} other {# partidas}}`, see
 * `choosePlurals`).
 */
export function t(key: Key, vars: Record<string, string | number> = {}, lang?: Lang): string {
  const chosen = lang ?? locale.lang;
  const dict = DICTS[chosen];
  const text = choosePlurals(dict.phrases[key] ?? en.phrases[key] ?? key, vars, chosen);
  const said = text.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = vars[name];
    if (value === undefined) return `{${name}}`;
    // In a right-to-left sentence a right-to-left name runs with it already.
    return RTL.has(chosen) ? String(value) : placed(value);
  });
  return RTL.has(chosen) ? signedLtr(said) : said;
}

/** Every signed figure of a right-to-left sentence ("كل أكلة: −50") kept left to right:
 * bare, its sign would show after its digits ("50−"). Only a sign that starts a figure
 * (after a space, a colon, a bracket or the start) is one: "2-3" is left alone. */
export function signedLtr(sentence: string): string {
  return sentence.replace(/(^|[\s:(،])([−+-]\d[\d.,]*)/g, (_m, before: string, figure: string) => `${before}${ltr(figure)}`);
}

/** A count's plural forms in a phrase: `=N` (exact) or a category of Intl.PluralRules. */
export interface Plural {
  count: string; // the placeholder holding the number
  forms: Record<string, string>;
  start: number; // where the `{count, plural, …}` block starts and ends in the phrase
  end: number;
}

const PLURAL_AT = /\{(\w+),\s*plural,/g;
const FORM = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/;

/**
 * Every plural block of a phrase, in ICU's notation (a subset: `=N` and the categories,
 * `#` for the number, `{name}` placeholders inside a form); null if one does not parse or
 * lacks `other`, the form every language falls back on.
 */
export function pluralsOf(text: string): Plural[] | null {
  const found: Plural[] = [];
  for (const m of text.matchAll(PLURAL_AT)) {
    if (found.length && m.index < found[found.length - 1]!.end) continue; // inside the last
    const forms: Record<string, string> = {};
    let i = m.index + m[0].length;
    for (;;) {
      const rest = text.slice(i);
      if (/^\s*\}/.test(rest)) {
        i += rest.indexOf('}') + 1;
        break;
      }
      const form = FORM.exec(rest);
      if (!form) return null;
      i += form[0].length;
      const from = i;
      for (let depth = 1; depth > 0; i++) {
        if (i >= text.length) return null;
        if (text[i] === '{') depth++;
        if (text[i] === '}') depth--;
      }
      forms[form[1]!] = text.slice(from, i - 1);
    }
    if (forms.other === undefined) return null;
    found.push({ count: m[1]!, forms, start: m.index, end: i });
  }
  return found;
}

const RULES = new Map<Lang, Intl.PluralRules>();

/**
 * A phrase with each plural block replaced by the form its count takes in `lang`
 * ("1 partida", "2 partidas"; Arabic's six forms: zero, one, two, few, many, other). A
 * block that does not parse stays as written, so the slip shows rather than a blank.
 */
function choosePlurals(text: string, vars: Record<string, string | number>, lang: Lang): string {
  const blocks = text.includes('plural,') ? pluralsOf(text) : null;
  if (!blocks?.length) return text;
  let rules = RULES.get(lang);
  if (!rules) RULES.set(lang, (rules = new Intl.PluralRules(intlLocale(lang))));
  let out = '';
  let at = 0;
  for (const b of blocks) {
    const value = vars[b.count];
    const n = Number(value);
    const form = b.forms[`=${n}`] ?? b.forms[rules.select(n)] ?? b.forms.other!;
    out += text.slice(at, b.start) + form.replace(/#/g, String(value ?? '#'));
    at = b.end;
  }
  return out + text.slice(at);
}

/** A contract's name (KB-7) in the current language. */
export function contractName(id: string, lang?: Lang): string {
  const dict = DICTS[lang ?? locale.lang];
  return dict.contracts[id] ?? id;
}

/** What a King Bolola contract costs or earns, in a line (KB-40 to KB-48); '' if unknown. */
export function contractHelp(id: string, lang?: Lang): string {
  const key = `contractHelp_${id}`;
  return key in en.phrases ? t(key as Key, {}, lang) : '';
}

// What each game's score sheet calls a deal (its `deal_scores` hook's DealScore.label), as
// phrases; `deal` is any game's plain deal, and King Bolola's labels are its contracts. A
// deal its game details (Baloot's trump, doubling and buyer) is read by lib/sheet-rows.ts,
// which falls back on these.
const SHEET_LABELS: Record<string, Record<string, Key>> = {
  baloot: { hokum: 'baSay_hokum', sun: 'baSay_sun' },
  jolly: { closed: 'sheetClosed', 'mano jolly': 'sheetManoJolly', 'stock out': 'sheetStockOut' },
};

/** A score sheet row's label (`game`'s id for the deal) in the reader's words. */
export function sheetLabel(game: string, label: string, lang?: Lang): string {
  const key = SHEET_LABELS[game]?.[label] ?? (label === 'deal' ? 'sheetDeal' : undefined);
  return key ? t(key, {}, lang) : contractName(label, lang);
}

/**
 * Why the server refused an action, in words: from the rule id when there is one (the
 * rules are the players' reference), else from the error code, else the server's message.
 */
export function reason(
  err: { code: string; rule?: string | null; message?: string },
  lang?: Lang,
): string {
  const dict = DICTS[lang ?? locale.lang];
  if (err.rule && dict.rules[err.rule]) return `${dict.rules[err.rule]} (${err.rule})`;
  const known = dict.errors[err.code];
  // A bad request's message says which field and why: worth showing, even in English.
  if (known && err.code === 'bad_request' && err.message) return `${known}: ${err.message}`;
  if (known) return known;
  return err.message ?? err.code;
}

const BOT_LEVELS: Record<string, Key> = {
  beginner: 'levels_beginner',
  club: 'levels_club',
  expert: 'levels_expert',
};

/** A bot level's name (`club` → "club"); an unknown level keeps its id. */
export function botLevelName(level: string, lang?: Lang): string {
  const key = BOT_LEVELS[level];
  return key ? t(key, {}, lang) : level;
}

const SUIT_NAMES: Record<string, Key> = { S: 'suit_S', H: 'suit_H', D: 'suit_D', C: 'suit_C' };

/** A suit's name (`H` → "hearts"); an unknown letter stays itself. */
export function suitName(suit: string, lang?: Lang): string {
  const key = SUIT_NAMES[suit];
  return key ? t(key, {}, lang) : suit;
}
