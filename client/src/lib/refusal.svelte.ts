// A refusal (an error frame) and what this client makes of it. What it means is decided
// here, from the frame and what the client knows then, apart from the socket and the
// store (lib/client.svelte.ts does it), so each case reads and is tested on its own. The
// notices that say a refusal's reason (or other news) live here too: most are refusals.
import { reason } from './i18n.svelte';
import type { Frame } from './socket';

export interface Notice {
  text: string;
  kind: 'error' | 'info';
  n: number;
  /** The rule a refusal cites (`KB-11`), to link to its text. */
  rule: string | null;
}

/** How long a notice stays (ms), a refusal long enough to read why. The store forgets it
 * then, not only the screen that showed it: a screen mounted later (the table a challenge
 * opens, the lobby) must not say it again. */
export const NOTICE_MS: Readonly<Record<Notice['kind'], number>> = { error: 6000, info: 4000 };

/** The notice up now, one at a time: a new one takes the place of the last. */
export class Notices {
  current = $state<Notice | null>(null);
  /** Notices said so far: each new one is told apart from the last (`Notice.n`). */
  private count = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  // Arrow properties: the client hands these out as its own `notify` and `dismissNotice`.
  say = (text: string, kind: Notice['kind'] = 'error', rule: string | null = null): void => {
    this.dismiss();
    this.current = { text, kind, n: ++this.count, rule };
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = null;
    }, NOTICE_MS[kind]);
  };

  dismiss = (): void => {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.current = null;
  };
}

/** Nothing to join at the open table (a wrong or old link, a table closed unjoined, a
 * match long over, a private table one is not invited to): the table's screen says so
 * instead of an empty table. */
export type Gone = 'no_table' | 'game_over' | 'not_invited';
const GONE: ReadonlySet<string> = new Set<Gone>(['no_table', 'game_over', 'not_invited']);

/** A join the server could not answer now: tried again after a short back-off. */
const RETRY: ReadonlySet<string> = new Set(['server_error', 'table_moved']);

/** What the client knows of itself as the refusal comes. */
export interface Standing {
  connected: boolean;
  tableId: number | null;
  /** A join is on its way: a refusal without an id is its answer. */
  joining: boolean;
  gone: Gone | null;
  watching: boolean;
  seat: number | null;
}

/** What the client does about a refusal:
 * - `signed-out`: the token is no good (signed out in another tab, a password changed);
 * - `hello`: the hello was refused, a new socket tries later;
 * - `elsewhere`: about a table left behind (a late answer to its leave…), nothing to do;
 * - `expired`: nobody joined the open table in time and it is closed: back to the lobby;
 * - `retry`: the join could not be answered now, tried again after a back-off;
 * - `gone`: nothing to join (`Gone`);
 * - `answered`: the join's second answer, after one that said the table is gone;
 * - `rejoin`: another server process serves the table now, where a join finds it;
 * - `watch`: no seat for us (a reload of a table we watched, a full table), watch it;
 * - `say`: the rest, only said. */
export type Act =
  | 'signed-out'
  | 'hello'
  | 'elsewhere'
  | 'expired'
  | 'retry'
  | 'gone'
  | 'answered'
  | 'rejoin'
  | 'watch'
  | 'say';

export interface Answer {
  act: Act;
  /** The notice that says why, if one does. */
  say: Pick<Notice, 'text' | 'kind' | 'rule'> | null;
}

export function answerOf(f: Frame, at: Standing): Answer {
  const act = actOf(f, at);
  const code = f.code as string;
  const message = f.message as string;
  const text = (): string => reason({ code, rule: (f.rule as string | undefined) ?? null, message });
  switch (act) {
    case 'signed-out':
      return { act, say: { text: text(), kind: 'error', rule: null } };
    case 'hello':
      return { act, say: code === 'too_many_connections' ? { text: text(), kind: 'error', rule: null } : null };
    case 'expired':
      return { act, say: { text: reason({ code, message }), kind: 'info', rule: null } };
    case 'say':
      return { act, say: { text: text(), kind: 'error', rule: typeof f.rule === 'string' ? f.rule : null } };
    default:
      return { act, say: null };
  }
}

function actOf(f: Frame, at: Standing): Act {
  const code = f.code as string;
  if (code === 'bad_token') return 'signed-out';
  if (!at.connected) return 'hello';
  if (typeof f.table !== 'number') return 'say';
  if (f.table !== at.tableId) return 'elsewhere';
  if (code === 'table_expired') return 'expired';
  const joinAnswer = at.joining && typeof f.id !== 'string';
  if (joinAnswer && RETRY.has(code)) return 'retry';
  if (joinAnswer && GONE.has(code)) return 'gone';
  if (at.gone !== null && typeof f.id !== 'string') return 'answered';
  if (code === 'table_moved') return 'rejoin';
  if (code === 'table_full' && !at.watching && at.seat === null) return 'watch';
  return 'say';
}
