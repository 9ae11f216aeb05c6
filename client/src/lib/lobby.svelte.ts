// The lobby's two lists, kept live from the server's `lobby` frames: open tables to join
// and tables in play to watch. A changed table moves to the list its status says; one
// the player may no longer see (an invitation declined or lapsed) is `unlisted`.
import type { TableSummary } from './api';

export const lobby = $state<{ tables: TableSummary[]; playing: TableSummary[] }>({
  tables: [],
  playing: [],
});

export interface LobbyFrame {
  tables?: unknown;
  playing?: unknown;
  table?: unknown;
  unlisted?: unknown;
}

/** Take a `lobby` frame: a whole listing, one table that changed, or one unlisted. */
export function receiveLobby(f: LobbyFrame): void {
  if (Array.isArray(f.tables)) lobby.tables = f.tables as TableSummary[];
  if (Array.isArray(f.playing)) lobby.playing = f.playing as TableSummary[];
  let next: { tables: TableSummary[]; playing: TableSummary[] } | null = null;
  if (f.table && typeof f.table === 'object') next = placed(lobby, f.table as TableSummary);
  if (typeof f.unlisted === 'number') next = without(lobby, f.unlisted);
  if (next) {
    lobby.tables = next.tables;
    lobby.playing = next.playing;
  }
}

/** The two lists without table ``id`` (no longer the player's to see). */
export function without(
  lists: { tables: readonly TableSummary[]; playing: readonly TableSummary[] },
  id: number,
): { tables: TableSummary[]; playing: TableSummary[] } {
  const other = (x: TableSummary): boolean => x.id !== id;
  return { tables: lists.tables.filter(other), playing: lists.playing.filter(other) };
}

/** The two lists with ``t`` where its status puts it (an `over` table leaves both). */
export function placed(
  lists: { tables: readonly TableSummary[]; playing: readonly TableSummary[] },
  t: TableSummary,
): { tables: TableSummary[]; playing: TableSummary[] } {
  const byId = (a: TableSummary, b: TableSummary): number => a.id - b.id;
  const { tables, playing } = without(lists, t.id);
  if (t.status === 'open') tables.push(t);
  if (t.status === 'playing') playing.push(t);
  return { tables: tables.sort(byId), playing: playing.sort(byId) };
}

/** The target points a host may type where a game's target is any number (Hearts Are
 * Trumps, HT-16): the bounds its options accept on the server (a test holds the two
 * together), so the New table form refuses another number in the player's language before
 * it is sent. Games that offer a list of targets, or none, have no entry. */
export const TARGET_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  'hearts-trumps': [1, 10000],
};

/** Whether `value` is a target `game`'s tables accept (a whole number within its range). */
export function targetAccepted(game: string, value: unknown): boolean {
  const range = TARGET_RANGE[game];
  if (range === undefined) return true;
  return typeof value === 'number' && Number.isInteger(value) && value >= range[0] && value <= range[1];
}
