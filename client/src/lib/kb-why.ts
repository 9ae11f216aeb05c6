// Why a finished King Bolola deal scored what it did (KB-40 to KB-48), seat by seat: the
// items the server's view gives for the last finished deal (`last_why`: what each seat took
// that the contract prices, made by the game itself), in words.
import { t, type Lang } from './i18n.svelte';
import type { KingBololaView } from './view';

/** One thing a seat took that scored under the deal's contract: `n` of them at `each`
 * points (a trick, a jack or king, a queen, a heart), or one fixed item (trick 12, trick
 * 13, the king of hearts) with `n` 1. */
export interface Scored {
  kind: 'tricks' | 'jacks-kings' | 'queens' | 'hearts' | 'trick12' | 'trick13' | 'king-of-hearts';
  n: number;
  each: number;
}

const KINDS: readonly string[] = ['tricks', 'jacks-kings', 'queens', 'hearts', 'trick12', 'trick13', 'king-of-hearts'];
const isKind = (k: unknown): k is Scored['kind'] => typeof k === 'string' && KINDS.includes(k);

export function scoredPoints(items: readonly Scored[]): number {
  return items.reduce((sum, i) => sum + i.n * i.each, 0);
}

/** Each seat's items for `deal`, when it is the view's last finished deal and its items add
 * up to its points; null otherwise (an older deal, an old server). */
export function whyOf(view: Pick<KingBololaView, 'history' | 'last_why'> | null, deal: number): Scored[][] | null {
  const last = view?.history.at(-1);
  const raw = view?.last_why;
  if (!last || last.deal !== deal || !Array.isArray(raw) || raw.length !== last.points.length) return null;
  const why = raw.map((seat) =>
    (Array.isArray(seat) ? seat : []).flatMap((item): Scored[] => {
      const [kind, n, each] = Array.isArray(item) ? item : [];
      return isKind(kind) && typeof n === 'number' && typeof each === 'number' ? [{ kind, n, each }] : [];
    }),
  );
  return why.every((items, s) => scoredPoints(items) === last.points[s]) ? why : null;
}

/** Points as the summary writes them: "+50", "−320" (a true minus sign), "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** A scoring item in words: "3 tricks × −50", "K♥ −320", "trick 13: −240". */
export function scoredText(item: Scored, lang?: Lang): string {
  const each = signed(item.each);
  switch (item.kind) {
    case 'tricks':
      return t('kbWhyTricks', { n: item.n, each }, lang);
    case 'jacks-kings':
      return t('kbWhyJacksKings', { n: item.n, each }, lang);
    case 'queens':
      return t('kbWhyQueens', { n: item.n, each }, lang);
    case 'hearts':
      return t('kbWhyHearts', { n: item.n, each }, lang);
    case 'king-of-hearts':
      return t('kbWhyKingOfHearts', { points: each }, lang);
    case 'trick12':
      return t('kbWhyTrickNo', { no: 12, points: each }, lang);
    case 'trick13':
      return t('kbWhyTrickNo', { no: 13, points: each }, lang);
  }
}

/** A seat's line of why: its items, or that it took nothing that scores. */
export function whyText(items: readonly Scored[], lang?: Lang): string {
  return items.length ? items.map((i) => scoredText(i, lang)).join(' · ') : t('kbWhyNothing', {}, lang);
}
