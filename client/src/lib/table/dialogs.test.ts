import { describe, expect, it } from 'vitest';
import { DialogQueue, lifetime, presentation } from './dialogs.svelte';

describe('the dialog queue', () => {
  it('shows one dialog at a time, first in first out', () => {
    const q = new DialogQueue();
    expect(q.current).toBeNull();
    const a = q.push({ kind: 'deal-over', key: 'deal-1', deal: 1 });
    const b = q.push({ kind: 'level-up', key: 'level-7' });
    expect(q.current?.id).toBe(a);
    q.close(a);
    expect(q.current?.id).toBe(b);
    q.close(b);
    expect(q.current).toBeNull();
  });

  it('queues a dialog once by its key', () => {
    const q = new DialogQueue();
    expect(q.push({ kind: 'deal-over', key: 'deal-1', deal: 1 })).toBeGreaterThan(0);
    expect(q.push({ kind: 'deal-over', key: 'deal-1', deal: 1 })).toBe(0);
    expect(q.items).toHaveLength(1);
    q.close(q.current?.id ?? 0);
    // Closed, still known: a snapshot after a skip does not bring it back.
    expect(q.push({ kind: 'deal-over', key: 'deal-1', deal: 1 })).toBe(0);
    q.clear();
    expect(q.push({ kind: 'deal-over', key: 'deal-1', deal: 1 })).toBeGreaterThan(0);
  });

  it('closes out of order and drops a kind', () => {
    const q = new DialogQueue();
    q.push({ kind: 'reward', key: 'r' });
    const b = q.push({ kind: 'level-up', key: 'l' });
    q.push({ kind: 'deal-over', key: 'd2', deal: 2 });
    q.close(b);
    expect(q.items.map((d) => d.key)).toEqual(['d2', 'r']);
    q.drop('deal-over');
    expect(q.items.map((d) => d.key)).toEqual(['r']);
  });

  it("keeps only the latest deal's summary", () => {
    const q = new DialogQueue();
    q.push({ kind: 'deal-over', key: 'd1', deal: 1 });
    q.push({ kind: 'reward', key: 'r' });
    q.push({ kind: 'deal-over', key: 'd2', deal: 2 });
    expect(q.items.map((d) => d.key)).toEqual(['d2', 'r']);
  });

  it("shows a deal's summary before the day's bonus, a level after both", () => {
    const q = new DialogQueue();
    q.push({ kind: 'reward', key: 'r' });
    q.push({ kind: 'level-up', key: 'l' });
    q.push({ kind: 'deal-over', key: 'd1', deal: 1 });
    expect(q.items.map((d) => d.key)).toEqual(['d1', 'r', 'l']);
    q.close(q.current?.id ?? 0);
    expect(q.current?.kind).toBe('reward');
  });

  it('lets the daily reward go by itself, a summary stay until closed', () => {
    expect(lifetime('reward')).toBeGreaterThan(2000);
    expect(lifetime('reward')).toBeLessThanOrEqual(10_000);
    expect(lifetime('deal-over')).toBeNull();
    expect(lifetime('level-up')).toBeNull();
  });

  it('never puts a box over a decision the player owes', () => {
    const info = { id: 1, kind: 'deal-over' as const, key: 'd1', deal: 1 };
    const level = { id: 2, kind: 'level-up' as const, key: 'l' };
    expect(presentation(info, true)).toBe('panel');
    expect(presentation(info, false)).toBe('panel');
    expect(presentation(level, true)).toBe('waiting');
    expect(presentation(level, false)).toBe('modal');
  });
});
