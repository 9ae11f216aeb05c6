// Jolly's entry in the board registry (lib/table/boards.ts).
import { t } from '../../lib/i18n.svelte';
import { parseJollyEvent, playPrompt } from '../../lib/jolly';
import { viewOf } from '../../lib/table/game-view';
import type { BoardEntry, TableView } from '../../lib/table/types';
import JoBar from './JoBar.svelte';
import JoDealOver from './JoDealOver.svelte';
import JollyBoard from './JollyBoard.svelte';
import JoSeatExtras from './JoSeatExtras.svelte';
import JoSheet from './JoSheet.svelte';

function status(table: TableView): string {
  const view = viewOf(table.view, 'jolly');
  if (table.status === 'open' || !view) return t('waiting');
  if (view.phase === 'over' || table.status === 'over') return t('matchOver');
  if (table.dealing !== null) return t('dealing');
  if (view.phase === 'scored') return table.owes ? t('joRoundOver', { n: view.round }) : t('joWaiting');
  // What is legal now, not the phase alone: after an opening only the discard is left (JO-8).
  if (table.owes) return view.phase === 'draw' ? t('joYourDraw') : t(playPrompt(view.legal, view.turn?.opened ?? false));
  const s = view.to_move[0];
  return s === undefined ? '' : t('joTurnOf', { name: table.nameOf(s) });
}

export const jolly: BoardEntry = {
  title: 'joTitle',
  Board: JollyBoard,
  Bar: JoBar,
  Sheet: JoSheet,
  sheetLabel: 'joTotals',
  SeatExtras: JoSeatExtras,
  DealOver: JoDealOver,
  status,
  attrs: (table) => {
    const view = viewOf(table.view, 'jolly');
    return {
      'data-turn-phase': view?.phase ?? '',
      'data-opened': view && table.me !== null && view.opened[table.me] ? 'true' : 'false',
      'data-can-lay': view?.legal.some((a) => a.startsWith('lay:')) ? 'true' : 'false',
    };
  },
  pace: {
    reveals: (events) => events.some((e) => parseJollyEvent(e).kind === 'score'),
    sound: (events) => {
      const kinds = events.map((e) => parseJollyEvent(e).kind);
      return kinds.includes('discard') || kinds.includes('meld') || kinds.includes('lay') ? 'play' : null;
    },
  },
};
