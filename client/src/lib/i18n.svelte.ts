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

/** The phrase `key` in the current language, `{name}` placeholders filled from `vars`. */
export function t(key: Key, vars: Record<string, string | number> = {}, lang?: Lang): string {
  const dict = DICTS[lang ?? locale.lang];
  const text: string = dict.phrases[key] ?? en.phrases[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_m, name: string) => String(vars[name] ?? `{${name}}`));
}

/** A contract's name (KB-7) in the current language. */
export function contractName(id: string, lang?: Lang): string {
  const dict = DICTS[lang ?? locale.lang];
  return dict.contracts[id] ?? id;
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
