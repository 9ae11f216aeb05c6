// What a refusal means to the client, and the notice that says it: read apart from the
// socket (client.test.ts and client-table.test.ts drive them through a fake server).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reason } from './i18n.svelte';
import { answerOf, NOTICE_MS, Notices, type Standing } from './refusal.svelte';
import type { Frame } from './socket';

const seated: Standing = { connected: true, tableId: 7, joining: false, gone: null, watching: false, seat: 0 };
const joining: Standing = { ...seated, joining: true, seat: null };
const error = (code: string, more: Partial<Frame> = {}): Frame => ({ type: 'error', code, message: code, ...more });
const actOf = (f: Frame, at: Standing): string => answerOf(f, at).act;

describe('a refusal', () => {
  it('signs out on a refused token, before anything else', () => {
    const f = error('bad_token');
    expect(answerOf(f, { ...seated, connected: false })).toEqual({
      act: 'signed-out',
      say: { text: reason({ code: 'bad_token', rule: null, message: 'bad_token' }), kind: 'error', rule: null },
    });
  });

  it('of the hello is said only when too many sockets are open', () => {
    const offline = { ...seated, connected: false };
    expect(answerOf(error('server_busy'), offline)).toEqual({ act: 'hello', say: null });
    expect(answerOf(error('too_many_connections'), offline).say?.kind).toBe('error');
  });

  it('about a table left behind is not said', () => {
    expect(answerOf(error('illegal', { table: 8, id: 'a1' }), seated)).toEqual({ act: 'elsewhere', say: null });
  });

  it("of a move is said with the rule it cites, a link's worth", () => {
    const { act, say } = answerOf(error('illegal', { table: 7, id: 'a1', rule: 'KB-11' }), seated);
    expect(act).toBe('say');
    expect(say).toEqual({ text: reason({ code: 'illegal', rule: 'KB-11', message: 'illegal' }), kind: 'error', rule: 'KB-11' });
    expect(actOf(error('rate_limited'), seated)).toBe('say');
  });

  it('of an expired table is news, not an error', () => {
    const { act, say } = answerOf(error('table_expired', { table: 7 }), joining);
    expect(act).toBe('expired');
    expect(say?.kind).toBe('info');
  });

  it("as the join's answer: tried again, or the table is gone", () => {
    expect(actOf(error('server_error', { table: 7 }), joining)).toBe('retry');
    expect(actOf(error('table_moved', { table: 7 }), joining)).toBe('retry');
    for (const code of ['no_table', 'game_over', 'not_invited']) {
      expect(answerOf(error(code, { table: 7 }), joining)).toEqual({ act: 'gone', say: null });
    }
    // The same codes for a move (it has an id) are only said.
    expect(actOf(error('game_over', { table: 7, id: 'a1' }), joining)).toBe('say');
  });

  it("after the table is gone, the join's second answer is not said", () => {
    expect(actOf(error('illegal', { table: 7 }), { ...seated, gone: 'no_table' })).toBe('answered');
  });

  it('follows a table to its new process, and watches a full one', () => {
    expect(actOf(error('table_moved', { table: 7 }), seated)).toBe('rejoin');
    expect(actOf(error('table_full', { table: 7 }), { ...seated, seat: null })).toBe('watch');
    expect(actOf(error('table_full', { table: 7 }), seated)).toBe('say');
    expect(actOf(error('table_full', { table: 7 }), { ...seated, seat: null, watching: true })).toBe('say');
  });
});

describe('notices', () => {
  afterEach(() => void vi.useRealTimers());

  it('keep one at a time, each for its own time', () => {
    vi.useFakeTimers();
    const notices = new Notices();
    notices.say('first', 'info');
    const first = notices.current?.n ?? 0;
    vi.advanceTimersByTime(NOTICE_MS.info - 100);
    notices.say('second', 'error', 'KB-11');
    expect(notices.current).toEqual({ text: 'second', kind: 'error', n: first + 1, rule: 'KB-11' });
    // The first one's time does not take the second with it.
    vi.advanceTimersByTime(200);
    expect(notices.current?.text).toBe('second');
    vi.advanceTimersByTime(NOTICE_MS.error);
    expect(notices.current).toBeNull();
  });

  it('go when dismissed, even through functions handed out unbound (as the client does)', () => {
    vi.useFakeTimers();
    const notices = new Notices();
    const { say, dismiss } = notices;
    say('said', 'info');
    expect(notices.current?.text).toBe('said');
    dismiss();
    expect(notices.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
