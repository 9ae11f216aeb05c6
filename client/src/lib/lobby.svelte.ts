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
