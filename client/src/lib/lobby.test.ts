import { describe, expect, it } from 'vitest';
import type { TableSummary } from './api';
import { placed } from './lobby.svelte';

const table = (id: number, status: TableSummary['status']): TableSummary => ({
  id,
  game: 'king-bolola',
  access: 'anyone',
  move_seconds: null,
  rated: false,
  status,
  version: 0,
  free: status === 'open' ? 1 : 0,
  seats: [],
});

describe('the lobby lists', () => {
  it('move a table from open to playing to gone as its status changes', () => {
    let lists = { tables: [table(2, 'open'), table(5, 'open')], playing: [table(1, 'playing')] };
    lists = placed(lists, table(5, 'playing'));
    expect(lists.tables.map((t) => t.id)).toEqual([2]);
    expect(lists.playing.map((t) => t.id)).toEqual([1, 5]);
    lists = placed(lists, table(1, 'over'));
    expect(lists.playing.map((t) => t.id)).toEqual([5]);
    lists = placed(lists, table(3, 'open'));
    expect(lists.tables.map((t) => t.id)).toEqual([2, 3]);
  });
});
