// Friends, presence and challenges as the page holds them (issue 17): the friends list
// (read again whenever the server says it changed), and the toasts of invitations and
// challenges that reach the player wherever they are in the app.
import { api, type TableSummary } from './api';
import type { ChatLine } from './view';

export interface FriendTable {
  id: number;
  game: string;
  status: 'open' | 'playing';
  joinable: boolean;
  watchable: boolean;
}

export interface Friend {
  name: string;
  online: boolean;
  table: FriendTable | null;
  last_seen: string | null;
}

export interface ChallengeInfo {
  table: TableSummary;
  from: string;
  expires_at: string;
  answers: Record<string, string>;
}

export interface FriendsList {
  friends: Friend[];
  incoming: string[];
  outgoing: string[];
  blocked: string[];
  /** Friends at an outside provider (Facebook) who play here, not asked yet. */
  suggested?: string[];
  challenges: ChallengeInfo[];
}

export type Toast =
  | { kind: 'challenge'; key: string; challenge: ChallengeInfo }
  | { kind: 'invitation'; key: string; table: TableSummary; from: string }
  | { kind: 'answer'; key: string; table: number; player: string; answer: string }
  | { kind: 'request'; key: string; from: string };

export const social = $state<{ list: FriendsList | null; toasts: Toast[] }>({ list: null, toasts: [] });

let reading: Promise<void> | null = null;
let again = false;

/** Read the friends list again (one read at a time; a change during a read reads once more). */
export function refreshFriends(): Promise<void> {
  if (reading) {
    again = true;
    return reading;
  }
  reading = api
    .friends()
    .then(
      (list) => {
        const before = social.list?.incoming ?? null;
        social.list = list;
        noticeRequests(before, list.incoming);
        for (const c of list.challenges) addToast({ kind: 'challenge', key: `challenge-${c.table.id}`, challenge: c });
      },
      () => undefined,
    )
    .finally(() => {
      reading = null;
      if (again) {
        again = false;
        void refreshFriends();
      }
    });
  return reading;
}

/** A friend request that came since the list was last read is said in a toast, wherever
 * the player is (on a phone the friends panel is at the lobby's foot); one answered or
 * withdrawn takes its toast away. The first read says nothing: its requests are listed. */
function noticeRequests(before: readonly string[] | null, now: readonly string[]): void {
  if (before !== null) {
    for (const name of now) if (!before.includes(name)) addToast({ kind: 'request', key: `request-${name}`, from: name });
  }
  for (const toast of social.toasts) {
    if (toast.kind === 'request' && !now.includes(toast.from)) dropToast(toast.key);
  }
}

/** How long a toast that asks nothing (an answer to one's challenge) stays, in ms. */
export const ANSWER_TOAST_MS = 6000;

// The timers of the toasts that leave by themselves, by key.
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Where the player is, as the client holds it: the table open, their seat, watching or
 * not, and its match's status. */
export interface Whereabouts {
  tableId: number | null;
  seat: number | null;
  watching: boolean;
  status: 'open' | 'playing' | 'over' | null;
}

/** Whether going to table `target` (a toast's "Go to the table", a challenge accepted)
 * leaves a match the player is seated at in play: a bot then plays their seat to the end
 * and it counts as a loss unless they come back (PL-5), so they are asked first, as the
 * table's own Leave button asks. */
export function leavesMatch(at: Whereabouts, target: number): boolean {
  return at.tableId !== null && at.tableId !== target && at.seat !== null && !at.watching && at.status === 'playing';
}

/** Whether a toast waits for the player's decision (a challenge, an invitation) and so stays. */
export function asksDecision(toast: Toast): boolean {
  return toast.kind !== 'answer';
}

export function addToast(toast: Toast): void {
  if (social.toasts.some((x) => x.key === toast.key)) return;
  social.toasts = [...social.toasts, toast];
  if (!asksDecision(toast)) timers.set(toast.key, setTimeout(() => dropToast(toast.key), ANSWER_TOAST_MS));
}

export function dropToast(key: string): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  social.toasts = social.toasts.filter((x) => x.key !== key);
}

/** A frame of the server's about friends; true when it was one. */
export function receiveSocial(f: Record<string, unknown>): boolean {
  switch (f.type) {
    case 'friends':
      void refreshFriends();
      return true;
    case 'challenge': {
      const c = f as unknown as ChallengeInfo;
      addToast({ kind: 'challenge', key: `challenge-${c.table.id}`, challenge: c });
      return true;
    }
    case 'invitation': {
      const table = f.table as TableSummary;
      addToast({ kind: 'invitation', key: `invitation-${table.id}`, table, from: String(f.from) });
      return true;
    }
    case 'challenge_answer': {
      const table = Number(f.table);
      const player = String(f.player);
      addToast({ kind: 'answer', key: `answer-${table}-${player}`, table, player, answer: String(f.answer) });
      return true;
    }
    case 'challenge_over':
      dropToast(`challenge-${Number(f.table)}`);
      return true;
  }
  return false;
}

/** The chat box and the lines sent from it that the table has not said yet, oldest first.
 * A line sent stays in the box until the table says it (then the box empties, unless the
 * player has typed something else meanwhile); one the server refuses (too fast…) stays
 * in the box, or is put back in it, to be sent again: a line cleared when sent was lost
 * unseen whenever the server refused it. `kept`: the box as the last refusal left it. */
export interface ChatBox {
  box: string;
  waiting: readonly string[];
  kept: string | null;
}

/** The lines added since `last` (the last one looked at); none when `last` is gone from
 * them (a snapshot replaced them: what it holds was said before). */
export function linesAfter(lines: readonly ChatLine[], last: ChatLine | null): readonly ChatLine[] {
  if (last === null) return lines;
  const at = lines.lastIndexOf(last);
  return at < 0 ? [] : lines.slice(at + 1);
}

/** The table said `said` from this player: the first line waiting with that text is no
 * longer waiting, and the box empties if it still shows it. */
export function chatHeard(state: ChatBox, said: string): ChatBox {
  const at = state.waiting.indexOf(said);
  if (at < 0) return state;
  const waiting = state.waiting.filter((_, k) => k !== at);
  return { ...state, waiting, box: state.box.trim() === said ? '' : state.box };
}

/** The server refused the oldest line waiting (it answers lines in order): the line stays
 * in the box, or is put back: alone if the box is empty or shows a later line still on
 * its way, after a line put back before it, before what the player has typed since. */
export function chatRefused(state: ChatBox): ChatBox {
  const [refused, ...waiting] = state.waiting;
  if (refused === undefined) return state;
  const now = state.box.trim();
  let box: string;
  if (now === refused) box = state.box;
  else if (now === '' || waiting.includes(now)) box = refused;
  else if (state.box === state.kept) box = `${now} ${refused}`;
  else box = `${refused} ${now}`;
  return { box, waiting, kept: box };
}

/** Whether chat lines from `name` are hidden (a blocked player's). */
export function isBlocked(name: string): boolean {
  return social.list?.blocked.includes(name) ?? false;
}

/** Forget the player's friends and toasts (signed out: nothing carries over to the next). */
export function forget(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  social.list = null;
  social.toasts = [];
}

/** What one is to a player, as the friends list says (null: not known yet). */
export function relationTo(name: string): 'friend' | 'asked' | 'blocked' | 'none' | null {
  const list = social.list;
  if (!list) return null;
  if (list.blocked.includes(name)) return 'blocked';
  if (list.friends.some((f) => f.name === name)) return 'friend';
  if (list.outgoing.includes(name)) return 'asked';
  return 'none';
}
