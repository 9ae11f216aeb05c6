import { describe, expect, it } from 'vitest';
import type { ChatLine } from '../view';
import { lastKey, loadSeen, saveSeen, unreadCount } from './unread';

const line = (from: string, text: string, at = '2025-01-01T10:00:00'): ChatLine => ({ from, seat: null, text, at });

describe('unread chat lines', () => {
  it("counts the others' lines after the last one seen", () => {
    const seen = [line('bo', 'hi'), line('ana', 'hello')];
    const now = [...seen, line('bo', 'gl'), line('ana', 'thanks'), line('cy', 'hf', '2025-01-01T10:00:05')];
    expect(unreadCount(now, lastKey(seen), 'ana')).toBe(2); // ana's own line is not news
    expect(unreadCount(now, lastKey(now), 'ana')).toBe(0);
  });

  it('counts every line of the others before any was seen', () => {
    expect(unreadCount([line('bo', 'hi'), line('ana', 'yo')], null, 'ana')).toBe(1);
    expect(unreadCount([], null, 'ana')).toBe(0);
  });

  it('leaves out the players blocked (their lines are not shown)', () => {
    const lines = [line('bo', 'hi'), line('troll', 'spam'), line('troll', 'spam 2')];
    expect(unreadCount(lines, null, 'ana', (name) => name === 'troll')).toBe(1);
  });

  it('knows a line by what it is: the same lines again (a rejoin) are not new, a capped list still counts', () => {
    const seen = [line('bo', 'one'), line('bo', 'two')];
    const again = seen.map((l) => ({ ...l }));
    expect(unreadCount(again, lastKey(seen), 'ana')).toBe(0);
    // The list keeps the last lines only: the seen one dropped out, all that is left is new.
    const capped = [line('bo', 'three'), line('bo', 'four')];
    expect(unreadCount(capped, lastKey(seen), 'ana')).toBe(2);
    // The same words said again later are a new line.
    const repeated = [...seen, line('bo', 'two', '2025-01-01T10:01:00')];
    expect(unreadCount(repeated, lastKey(seen), 'ana')).toBe(1);
  });
});

describe('the last line seen, kept across a reload', () => {
  it('is read back for its own table only, and a refusing storage loses nothing', () => {
    const kept = new Map<string, string>();
    const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const seen = [line('bo', 'hi'), line('ana', 'hello')];
    saveSeen(7, lastKey(seen), store);
    expect(loadSeen(7, store)).toBe(lastKey(seen));
    expect(unreadCount(seen, loadSeen(7, store), 'ana')).toBe(0);
    expect(loadSeen(8, store)).toBeNull();
    const refusing = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('denied');
      },
    };
    expect(() => saveSeen(7, 'x', refusing)).not.toThrow();
    expect(loadSeen(7, refusing)).toBeNull();
  });
});
