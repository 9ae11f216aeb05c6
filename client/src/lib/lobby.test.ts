import { describe, expect, it } from 'vitest';
import type { TableSummary } from './api';
import { lobby, placed, receiveLobby } from './lobby.svelte';

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
