// Hearts Are Trumps' entry in the board registry (lib/table/boards.ts).
import { parseHtEvent } from '../../lib/hearts-trumps';
import { t } from '../../lib/i18n.svelte';
import { viewOf } from '../../lib/table/game-view';
import type { BoardEntry, TableView } from '../../lib/table/types';
import HeartsTrumpsBoard from './HeartsTrumpsBoard.svelte';
import HtBar from './HtBar.svelte';
import HtDealOver from './HtDealOver.svelte';
import HtSeatExtras from './HtSeatExtras.svelte';
import HtSheet from './HtSheet.svelte';

function status(table: TableView): string {
  const view = viewOf(table.view, 'hearts-trumps');
  if (table.status === 'open' || !view) return t('waiting');
  if (view.phase === 'over' || table.status === 'over') return t('matchOver');
  if (table.me === null) return t('htBothPlacing');
  if (table.dealing !== null) return t('dealing');
  if (table.settling && view.last_hand) return t('htLastHand', { d: view.last_hand.deal, n: view.last_hand.hand_no });
  if (table.owes) return t('htYourMove');
  if (view.my_placement) return t('htWaiting');
  const other = 1 - table.me;
  return view.to_move.includes(other) ? t('htOpponentPlacing', { name: table.nameOf(other) }) : '';
}

export const heartsTrumps: BoardEntry = {
  title: 'htTitle',
  Board: HeartsTrumpsBoard,
  Bar: HtBar,
  Sheet: HtSheet,
  sheetLabel: 'htScore',
  SeatExtras: HtSeatExtras,
  DealOver: HtDealOver,
  status,
  attrs: (table) => {
    const view = viewOf(table.view, 'hearts-trumps');
    return {
      'data-hand': String(view?.hand_no ?? 0),
      'data-to-place': table.owes && !view?.my_placement ? 'true' : 'false',
    };
  },
  pace: {
    reveals: (events) => events.some((e) => parseHtEvent(e).kind === 'battle'),
    sound: (events) => {
      const kinds = events.map((e) => parseHtEvent(e).kind);
      return kinds.includes('battle') ? 'trick' : kinds.includes('placed') ? 'play' : null;
    },
  },
};
