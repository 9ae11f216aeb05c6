import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWER_TOAST_MS,
  dropToast,
  forget,
  chatHeard,
  chatRefused,
  linesAfter,
  isBlocked,
  leavesMatch,
  receiveSocial,
  refreshFriends,
  social,
  type ChatBox,
} from './social.svelte';
import { api } from './api';

const table = { id: 9, game: 'hearts-trumps' };

describe('friends and challenges', () => {
  beforeEach(() => forget());

  it('turns a challenge, an invitation and an answer into toasts, each once', () => {
    const challenge = { type: 'challenge', table, from: 'bo', expires_at: '2026-11-30T10:00:00Z', answers: {} };
    expect(receiveSocial(challenge)).toBe(true);
    expect(receiveSocial(challenge)).toBe(true);
    expect(receiveSocial({ type: 'invitation', table: { ...table, id: 10 }, from: 'cy' })).toBe(true);
    expect(receiveSocial({ type: 'challenge_answer', table: 9, player: 'bo', answer: 'declined' })).toBe(true);
    expect(social.toasts.map((x) => x.key)).toEqual(['challenge-9', 'invitation-10', 'answer-9-bo']);
  });

  it('drops a challenge that expired, and a toast answered', () => {
    receiveSocial({ type: 'challenge', table, from: 'bo', expires_at: '', answers: {} });
    receiveSocial({ type: 'invitation', table: { ...table, id: 10 }, from: 'cy' });
    receiveSocial({ type: 'challenge_over', table: 9, reason: 'expired' });
    expect(social.toasts.map((x) => x.key)).toEqual(['invitation-10']);
    dropToast('invitation-10');
    expect(social.toasts).toEqual([]);
  });

  it('says a new friend request in a toast, and takes it away once answered', async () => {
    const list = (incoming: string[]) => ({ friends: [], incoming, outgoing: [], blocked: [], challenges: [] });
    const read = vi.spyOn(api, 'friends');
    read.mockResolvedValueOnce(list(['old']));
    await refreshFriends(); // the first read: its requests are in the list, not toasts
    expect(social.toasts).toEqual([]);
    read.mockResolvedValueOnce(list(['old', 'ana']));
    await refreshFriends();
    expect(social.toasts).toEqual([{ kind: 'request', key: 'request-ana', from: 'ana' }]);
    read.mockResolvedValueOnce(list(['old']));
    await refreshFriends(); // answered elsewhere (the panel, another tab)
    expect(social.toasts).toEqual([]);
    read.mockRestore();
  });

  it('leaves other frames alone and hides only blocked players', () => {
    expect(receiveSocial({ type: 'update' })).toBe(false);
    expect(isBlocked('zed')).toBe(false);
    social.list = { friends: [], incoming: [], outgoing: [], blocked: ['zed'], challenges: [] };
    expect(isBlocked('zed')).toBe(true);
    expect(isBlocked('bo')).toBe(false);
  });

  describe('toasts that leave by themselves', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('takes an answer away after a few seconds, and keeps a challenge and an invitation', () => {
      receiveSocial({ type: 'challenge', table, from: 'bo', expires_at: '', answers: {} });
      receiveSocial({ type: 'invitation', table: { ...table, id: 10 }, from: 'cy' });
      receiveSocial({ type: 'challenge_answer', table: 11, player: 'di', answer: 'accepted' });
      vi.advanceTimersByTime(ANSWER_TOAST_MS - 1);
      expect(social.toasts.map((x) => x.key)).toEqual(['challenge-9', 'invitation-10', 'answer-11-di']);
      vi.advanceTimersByTime(1);
      expect(social.toasts.map((x) => x.key)).toEqual(['challenge-9', 'invitation-10']);
      vi.advanceTimersByTime(10 * ANSWER_TOAST_MS);
      expect(social.toasts.map((x) => x.key)).toEqual(['challenge-9', 'invitation-10']);
    });

    it('leaves each answer its own few seconds; one closed early or forgotten cancels its timer', () => {
      receiveSocial({ type: 'challenge_answer', table: 11, player: 'di', answer: 'declined' });
      vi.advanceTimersByTime(ANSWER_TOAST_MS / 2);
      receiveSocial({ type: 'challenge_answer', table: 11, player: 'ed', answer: 'expired' });
      vi.advanceTimersByTime(ANSWER_TOAST_MS / 2);
      expect(social.toasts.map((x) => x.key)).toEqual(['answer-11-ed']);
      dropToast('answer-11-ed');
      receiveSocial({ type: 'challenge_answer', table: 11, player: 'ed', answer: 'accepted' });
      vi.advanceTimersByTime(ANSWER_TOAST_MS - 1);
      expect(social.toasts.map((x) => x.key)).toEqual(['answer-11-ed']);
      forget();
      receiveSocial({ type: 'challenge_answer', table: 12, player: 'fa', answer: 'accepted' });
      vi.advanceTimersByTime(ANSWER_TOAST_MS - 1);
      expect(social.toasts.map((x) => x.key)).toEqual(['answer-12-fa']);
      vi.advanceTimersByTime(1);
      expect(social.toasts).toEqual([]);
    });
  });
});

describe('going to a table from a toast', () => {
  const at = { tableId: 4, seat: 1, watching: false, status: 'playing' as const };

  it('leaves a match in play only from a seat at another table', () => {
    expect(leavesMatch(at, 9)).toBe(true);
    expect(leavesMatch(at, 4)).toBe(false); // the same table: nothing is left
    expect(leavesMatch({ ...at, status: 'over' }, 9)).toBe(false);
    expect(leavesMatch({ ...at, status: 'open' }, 9)).toBe(false); // not started: the seat is only freed
    expect(leavesMatch({ ...at, watching: true, seat: null }, 9)).toBe(false);
    expect(leavesMatch({ ...at, tableId: null, seat: null, status: null }, 9)).toBe(false);
  });
});

describe('a chat line sent', () => {
  const line = (from: string, text: string): { from: string; seat: number | null; text: string; at: string } => ({
    from,
    seat: 0,
    text,
    at: '2026-11-30T07:00:00+00:00',
  });

  it('reads the lines added since the last one looked at', () => {
    const a = line('ana', 'hola');
    const b = line('bo', 'hola');
    expect(linesAfter([a, b], a)).toEqual([b]);
    expect(linesAfter([a, b], null)).toEqual([a, b]);
    expect(linesAfter([b], a)).toEqual([]); // replaced by a snapshot: said before
  });

  it('stays in the box until the table says it, then the box empties', () => {
    let box: ChatBox = { box: 'hola', waiting: ['hola'], kept: null };
    box = chatHeard(box, 'adiós'); // not one of ours waiting: nothing changes
    expect(box).toEqual({ box: 'hola', waiting: ['hola'], kept: null });
    expect(chatHeard(box, 'hola')).toEqual({ box: '', waiting: [], kept: null });
    // The player typed the next line meanwhile: it stays.
    expect(chatHeard({ ...box, box: 'qué tal' }, 'hola')).toEqual({ box: 'qué tal', waiting: [], kept: null });
  });

  it('stays in the box when refused, or is put back in it', () => {
    // Still in the box: nothing moves, and it waits no more (Enter sends it again).
    expect(chatRefused({ box: 'hola', waiting: ['hola'], kept: null })).toEqual({ box: 'hola', waiting: [], kept: 'hola' });
    // The box shows a later line on its way: the refused one replaces it.
    let box: ChatBox = chatRefused({ box: 'dos', waiting: ['uno', 'dos'], kept: null });
    expect(box).toEqual({ box: 'uno', waiting: ['dos'], kept: 'uno' });
    // ...and if that one is refused too, it goes after the first.
    expect(chatRefused(box)).toEqual({ box: 'uno dos', waiting: [], kept: 'uno dos' });
    // The player typed something since: the refused line goes before it.
    box = chatRefused({ box: 'tres', waiting: ['uno'], kept: null });
    expect(box.box).toBe('uno tres');
    // Nothing waiting: a refusal of something else changes nothing.
    const idle = { box: 'x', waiting: [], kept: null };
    expect(chatRefused(idle)).toBe(idle);
  });
});
