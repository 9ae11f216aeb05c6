import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_TOAST_MS, dropToast, forget, isBlocked, receiveSocial, refreshFriends, social } from './social.svelte';
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
