// A row of a finished match's score sheet (the match page): what the deal was, in the
// reader's words, and whose it was. A game whose `deal_scores` hook writes a deal in full
// (Baloot: the contract, its trump, the doubling, the buyer's seat) has it read here, the
// seat by its player's name; any other label is a word of `sheetLabel`'s. Apart from
// i18n.svelte.ts: a game's module uses i18n, and i18n using it back would be a cycle.
// King Bolola's page shows the table's own sheet: `kbHistory` gives it its rows.
import { sheetRowOfText } from './baloot';
import { sheetLabel, type Lang } from './i18n.svelte';
import type { DealJson } from './view';

export interface SheetRow {
  /** What the deal was ("Hokum in hearts · ×2", "Deal"). */
  what: string;
  /** Whose it was (the buyer's name), for a game that has one. */
  who: string | null;
}

type InFull = (label: string, nameOf: (seat: number) => string, lang?: Lang) => SheetRow | null;

const IN_FULL: Record<string, InFull> = { baloot: sheetRowOfText };

export function sheetRow(game: string, label: string, nameOf: (seat: number) => string, lang?: Lang): SheetRow {
  return IN_FULL[game]?.(label, nameOf, lang) ?? { what: sheetLabel(game, label, lang), who: null };
}

// -- King Bolola: the match page's sheet as the table's (ScoreSheet.svelte) ---------------

function isObj(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const SUIT_LETTERS = new Set(['S', 'H', 'D', 'C']);

/**
 * A finished King Bolola match's deals as the table's score sheet reads them (the view's
 * history): the contract and points from the match page's sheet; the declarer from the
 * match's first declarer, the job passing clockwise (KB-5); the trump from the match's
 * record (`/api/tables/N/record`) once read, as the page's sheet leaves it out (null
 * until then, or if the record does not give it). A record's deal that is not the sheet's
 * (another contract) is not believed.
 */
export function kbHistory(
  sheet: readonly { label: string; points: readonly number[] }[],
  options: Record<string, unknown>,
  record: unknown,
): DealJson[] {
  const first = typeof options['first-declarer'] === 'number' ? options['first-declarer'] : 0;
  const deals = isObj(record) && Array.isArray(record.deals) ? record.deals : [];
  return sheet.map((d, i) => {
    const r: unknown = deals[i];
    const same = isObj(r) && r.contract === d.label;
    const trump = same && typeof r.trump === 'string' && SUIT_LETTERS.has(r.trump) ? r.trump : null;
    const declarer = same && typeof r.declarer === 'number' ? r.declarer : (first + i) % 4;
    return { deal: i + 1, declarer, contract: d.label, trump, points: [...d.points], tricks_played: 0 };
  });
}
