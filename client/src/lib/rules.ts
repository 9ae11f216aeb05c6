// "How to play": each game's rules as the project keeps them (docs/rules/<game>.md and
// <game>.es.md), rendered for players. Loaded on demand, one chunk per file.
import { marked } from 'marked';

const FILES = import.meta.glob('../../../docs/rules/*.md', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

/** The games (and the platform) that have a rules file. */
export function rulesGames(): string[] {
  return Object.keys(FILES)
    .map((path) => /\/([a-z-]+)\.md$/.exec(path)?.[1])
    .filter((g): g is string => g !== undefined);
}

/** A game's rules in the language asked for, else in English; null for an unknown game. */
export async function rulesText(game: string, lang: string): Promise<string | null> {
  return (await rulesFile(game, lang))?.text ?? null;
}

/** A game's rules with the language they are written in: the one asked for when its file
 * exists (`<game>.<lang>.md`), else English (`<game>.md`); null for an unknown game. */
export async function rulesFile(game: string, lang: string): Promise<{ text: string; lang: string } | null> {
  const own = FILES[`../../../docs/rules/${game}.${lang}.md`];
  if (own) return { text: await own(), lang };
  const english = FILES[`../../../docs/rules/${game}.md`];
  return english ? { text: await english(), lang: 'en' } : null;
}

/**
 * Where a link between rules files leads inside the app. The files link each other by
 * name, relative (`baloot.es.md`, `king-bolola.md#kb-5`), which in the app would be a
 * missing page: such a link goes to that game's rules page, `/rules/<game>`. A file in a
 * named language (`.es.md`) is asked in it (`?lang=es`), and so is the game's own English
 * file from its other language (`baloot.md` read in `baloot.es.md`: "English version");
 * a link to another game's English file leaves the reader's language. An anchor is kept.
 * Any other link (a web address, an anchor, a file that is no game's rules) is left as is.
 */
export function rulesLink(href: string, from: string): string {
  const m = /^(?:\.\/)?([a-z-]+?)(?:\.([a-z]{2}))?\.md(#[\w-]*)?$/.exec(href);
  if (!m) return href;
  const [, game = '', lang, anchor = ''] = m;
  if (!rulesGames().includes(game)) return href;
  const asked = lang ?? (game === from ? 'en' : null);
  return `/rules/${game}${asked ? `?lang=${asked}` : ''}${anchor}`;
}

/** The anchor of a rule id: `KB-11` → `kb-11`, the target of `/rules/<game>#kb-11`. */
export function ruleAnchor(rule: string): string {
  return rule.toLowerCase();
}

/** The game whose rules a rule id belongs to, by its prefix. */
export function gameOfRule(rule: string): string | null {
  const prefix = /^([A-Z]+)-\d+$/.exec(rule)?.[1];
  const games: Record<string, string> = {
    KB: 'king-bolola',
    HT: 'hearts-trumps',
    BA: 'baloot',
    JO: 'jolly',
    PL: 'platform',
  };
  return prefix ? (games[prefix] ?? null) : null;
}

/** A sentence's pieces around the rule ids it cites ("… (BA-5)"): words, and each id
 * with its game's rules page, so a screen can make the id a link rather than show a code. */
export type RulePiece = { text: string } | { rule: string; href: string };

export function ruleParts(sentence: string): RulePiece[] {
  const out: RulePiece[] = [];
  let from = 0;
  for (const m of sentence.matchAll(/\s?\(([A-Z]{2}-\d+(?:, [A-Z]{2}-\d+)*)\)/g)) {
    const rules = (m[1] ?? '').split(', ');
    const games = rules.map(gameOfRule);
    if (games.some((g) => g === null)) continue;
    if (m.index > from) out.push({ text: sentence.slice(from, m.index) });
    rules.forEach((rule, k) => {
      if (k > 0) out.push({ text: ', ' });
      out.push({ rule, href: `/rules/${games[k] ?? ''}#${ruleAnchor(rule)}` });
    });
    from = m.index + m[0].length;
  }
  if (from < sentence.length) out.push({ text: sentence.slice(from) });
  return out;
}

/** The rules as HTML for players: the referee's record formats and the written form of
 * actions (the last section, for developers: card codes, `hokum:S`) left out, every rule definition (`**KB-11.**`) given its anchor, and the
 * links to other rules files made links to their pages in the app (`rulesLink`; `game`
 * is the game whose file this is). */
export function rulesHtml(markdown: string, game = ''): string {
  const cut = markdown.search(
    /^##\s+(\d+\.\s+(Record|Registro|Formato del registro)|Writing actions|Cómo se escriben las acciones)/m,
  );
  const players = cut >= 0 ? markdown.slice(0, cut) : markdown;
  const html = marked.parse(players, {
    async: false,
    gfm: true,
    walkTokens: (token) => {
      if (token.type === 'link') token.href = rulesLink(token.href, game);
    },
  });
  const anchored = html.replace(
    /<strong>([A-Z]{2,4}-\d+)\.<\/strong>/g,
    (_m, id: string) => `<strong id="${ruleAnchor(id)}" class="rule-id">${id}.</strong>`,
  );
  return linkRuleIds(anchored, game);
}

/** Every rule id the text cites ("details: KB-5 to KB-8") made a link to that rule: on
 * this page for this game's, to its game's page for another's. A rule's own heading, an
 * id inside a link already, and tags are left alone. */
export function linkRuleIds(html: string, game: string): string {
  let inLink = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/.test(part)) inLink += 1;
        else if (part === '</a>') inLink = Math.max(0, inLink - 1);
        return part;
      }
      if (inLink > 0 || /^[A-Z]{2}-\d+\.$/.test(part)) return part;
      return part.replace(/\b([A-Z]{2}-\d+)\b/g, (id: string) => {
        const of = gameOfRule(id);
        if (of === null) return id;
        const href = of === game ? `#${ruleAnchor(id)}` : `/rules/${of}#${ruleAnchor(id)}`;
        return `<a href="${href}" class="rule-ref">${id}</a>`;
      });
    })
    .join('');
}
