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
  const load = FILES[`../../../docs/rules/${game}.${lang}.md`] ?? FILES[`../../../docs/rules/${game}.md`];
  return load ? load() : null;
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

/** The rules as HTML for players: the referee's record formats (the last section, for
 * developers) left out, and every rule definition (`**KB-11.**`) given its anchor. */
export function rulesHtml(markdown: string): string {
  const cut = markdown.search(/^##\s+\d+\.\s+(Record|Registro|Formato del registro)/m);
  const players = cut >= 0 ? markdown.slice(0, cut) : markdown;
  const html = marked.parse(players, { async: false, gfm: true });
  return html.replace(
    /<strong>([A-Z]{2,4}-\d+)\.<\/strong>/g,
    (_m, id: string) => `<strong id="${ruleAnchor(id)}" class="rule-id">${id}.</strong>`,
  );
}
