// The lobby's two lists, kept live from the server's `lobby` frames: open tables to join
// and tables in play to watch. A changed table moves to the list its status says.
import type { TableSummary } from './api';

export const lobby = $state<{ tables: TableSummary[]; playing: TableSummary[] }>({
  tables: [],
  playing: [],
});

export interface LobbyFrame {
  tables?: unknown;
  playing?: unknown;
  table?: unknown;
}

/** Take a `lobby` frame: a whole listing, or one table that changed. */
export function receiveLobby(f: LobbyFrame): void {
  if (Array.isArray(f.tables)) lobby.tables = f.tables as TableSummary[];
  if (Array.isArray(f.playing)) lobby.playing = f.playing as TableSummary[];
  if (f.table && typeof f.table === 'object') {
    const next = placed(lobby, f.table as TableSummary);
    lobby.tables = next.tables;
    lobby.playing = next.playing;
  }
}

/** The two lists with ``t`` where its status puts it (an `over` table leaves both). */
export function placed(
  lists: { tables: readonly TableSummary[]; playing: readonly TableSummary[] },
  t: TableSummary,
): { tables: TableSummary[]; playing: TableSummary[] } {
  const byId = (a: TableSummary, b: TableSummary): number => a.id - b.id;
  const tables = lists.tables.filter((x) => x.id !== t.id);
  const playing = lists.playing.filter((x) => x.id !== t.id);
  if (t.status === 'open') tables.push(t);
  if (t.status === 'playing') playing.push(t);
  return { tables: tables.sort(byId), playing: playing.sort(byId) };
}
