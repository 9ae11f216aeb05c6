import { describe, expect, it } from 'vitest';
import type { TableSummary } from './api';
import { GAMES, defaultTarget } from './games';
import { lobby, placed, receiveLobby, TARGET_RANGE, targetAccepted } from './lobby.svelte';

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

describe('the live lobby', () => {
  it('drops a table the player may no longer see from whichever list holds it', () => {
    receiveLobby({ tables: [table(2, 'open'), table(9, 'open')], playing: [table(4, 'playing')] });
    receiveLobby({ unlisted: 9 });
    expect(lobby.tables.map((t) => t.id)).toEqual([2]);
    receiveLobby({ unlisted: 4 });
    expect(lobby.playing).toEqual([]);
    receiveLobby({ unlisted: 7 }); // never listed: nothing changes
    receiveLobby({ unlisted: '2' }); // not a table id
    expect(lobby.tables.map((t) => t.id)).toEqual([2]);
    receiveLobby({ table: table(9, 'open') }); // invited again: listed again
    expect(lobby.tables.map((t) => t.id)).toEqual([2, 9]);
  });
});

describe('the New table form\'s target', () => {
  it('is bounded for every game whose target is any number, and its default is within', () => {
    for (const g of GAMES) {
      const target = defaultTarget(g);
      if (target === null || g.targets) continue;
      expect(TARGET_RANGE[g.id], g.id).toBeDefined();
      expect(targetAccepted(g.id, target)).toBe(true);
    }
  });

  it('accepts a whole number within the range only', () => {
    expect(targetAccepted('hearts-trumps', 10000)).toBe(true);
    expect(targetAccepted('hearts-trumps', 1)).toBe(true);
    for (const bad of [20000, 10001, 0, -5, 2.5, null, undefined, '500']) {
      expect(targetAccepted('hearts-trumps', bad), String(bad)).toBe(false);
    }
    expect(targetAccepted('king-bolola', null)).toBe(true); // no target to type
  });
});
