// Chat lines said at a table while its chat was out of sight (on a phone the chat is a
// closed drawer): counted for the badge on the drawer's button. A line is known by what it
// is, not by its place in the list: the list keeps only the last lines, and a rejoin's
// snapshot replaces it with the same lines.
import type { ChatLine } from '../view';

/** What tells a line apart: when it was said, by whom, and what. */
export function lineKey(line: ChatLine): string {
  return `${line.at}\u0000${line.from}\u0000${line.text}`;
}

/** The key of the last line in `lines` (what the player has seen once the chat is on view). */
export function lastKey(lines: readonly ChatLine[]): string | null {
  const line = lines.at(-1);
  return line ? lineKey(line) : null;
}

/**
 * The lines after the last one seen (`seen`, its key; null: none seen yet) that someone
 * else said and the player would see: their own lines and those of players they blocked
 * (not shown) are not news. A seen line no longer in the list counts everything.
 */
export function unreadCount(
  lines: readonly ChatLine[],
  seen: string | null,
  me: string | null,
  hidden: (name: string) => boolean = () => false,
): number {
  let from = 0;
  if (seen !== null) {
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i];
      if (line && lineKey(line) === seen) {
        from = i + 1;
        break;
      }
    }
  }
  return lines.slice(from).filter((l) => l.from !== me && !hidden(l.from)).length;
}

/** The last line seen at a table, kept for the tab's life (sessionStorage): a reload of the
 * page mid-deal does not count again, as news, lines the player had read. */
export const seenKeyOf = (table: number): string => `bolola.chatSeen.${table}`;

export function loadSeen(table: number, store: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): string | null {
  try {
    return store?.getItem(seenKeyOf(table)) ?? null;
  } catch {
    return null; // storage refused (a private window): nothing kept, nothing lost
  }
}

export function saveSeen(table: number, key: string | null, store: Pick<Storage, 'setItem'> | undefined = globalThis.sessionStorage): void {
  if (key === null) return;
  try {
    store?.setItem(seenKeyOf(table), key);
  } catch {
    // storage refused or full: the badge may count these lines again after a reload
  }
}
