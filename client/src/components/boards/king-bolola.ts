// King Bolola's entry in the board registry (lib/table/boards.ts).
import { t } from '../../lib/i18n.svelte';
import { viewOf } from '../../lib/table/game-view';
import type { BoardEntry, TableView } from '../../lib/table/types';
import { finishedTrick, parseEvent } from '../../lib/view';
import KbBar from './KbBar.svelte';
import KbDealOver from './KbDealOver.svelte';
import KbSeatExtras from './KbSeatExtras.svelte';
import KbSheet from './KbSheet.svelte';
import KingBololaBoard from './KingBololaBoard.svelte';

function status(table: TableView): string {
  const view = viewOf(table.view, 'king-bolola');
  if (table.status === 'open' || !view) return t('waiting');
  if (view.phase === 'over' || table.status === 'over') return t('matchOver');
  if (table.held) return t('trickTo', { name: table.nameOf(table.held.winner) });
  if (table.dealing !== null) return t('dealing');
  if (table.owes) return view.phase === 'declare' ? t('chooseContract') : t('yourTurn');
  const s = view.to_move[0];
  if (s === undefined) return '';
  return view.phase === 'declare' ? t('declares', { name: table.nameOf(s) }) : t('turnOf', { name: table.nameOf(s) });
}

export const kingBolola: BoardEntry = {
  title: 'gameKingBolola',
  Board: KingBololaBoard,
  Bar: KbBar,
  Sheet: KbSheet,
  sheetLabel: 'scoreSheet',
  SeatExtras: KbSeatExtras,
  DealOver: KbDealOver,
  status,
  resultNote: (score) => (score > 0 ? t('won') : score === 0 ? t('drawn') : t('lost')),
  pace: {
    trick: (events, before, after) => finishedTrick(events, viewOf(before, 'king-bolola'), viewOf(after, 'king-bolola')),
    sound: (events) => (events.some((e) => parseEvent(e).kind === 'play') ? 'play' : null),
  },
};
