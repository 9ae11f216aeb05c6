// A row of a finished match's score sheet (the match page): what the deal was, in the
// reader's words, and whose it was. A game whose `deal_scores` hook writes a deal in full
// (Baloot: the contract, its trump, the doubling, the buyer's seat) has it read here, the
// seat by its player's name; any other label is a word of `sheetLabel`'s. Apart from
// i18n.svelte.ts: a game's module uses i18n, and i18n using it back would be a cycle.
import { sheetRowOfText } from './baloot';
import { sheetLabel, type Lang } from './i18n.svelte';

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
