// Friends, presence and challenges as the page holds them (issue 17): the friends list
// (read again whenever the server says it changed), and the toasts of invitations and
// challenges that reach the player wherever they are in the app.
import { api, type TableSummary } from './api';

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
