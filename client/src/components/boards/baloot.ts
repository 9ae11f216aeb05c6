// Baloot's entry in the board registry (lib/table/boards.ts).
import { bidPrompt, finishedTrick, parseBalootEvent } from '../../lib/baloot';
import { t } from '../../lib/i18n.svelte';
import { viewOf } from '../../lib/table/game-view';
import type { BoardEntry, TableView } from '../../lib/table/types';
import BaBar from './BaBar.svelte';
import BaDealOver from './BaDealOver.svelte';
import BalootBoard from './BalootBoard.svelte';
import BaSeatExtras from './BaSeatExtras.svelte';
import BaSheet from './BaSheet.svelte';

function status(table: TableView): string {
  const view = viewOf(table.view, 'baloot');
  if (table.status === 'open' || !view) return t('waiting');
  if (view.phase === 'over' || table.status === 'over') return t('matchOver');
  if (table.held) return t('baTrickTo', { name: table.nameOf(table.held.winner) });
  if (table.dealing !== null) return t('dealing');
  // The bidding's decision, whoever owes it: a bid, a claim, a confirmation, a raise. The
  // player's own bid is put in full on the felt's panel, the bar says only whose it is and
  // its rule; a raise is short enough to say in both.
  const bid = bidPrompt(view, table.owes, table.nameOf);
  if (bid && table.owes) return `${view.phase === 'double' ? t(bid.key, bid.vars) : t('baYourBid')} (${bid.rule})`;
  if (bid) return t(bid.key, bid.vars);
  if (table.owes) return t('baYourTurn');
  const s = view.to_move[0];
  if (s === undefined) return '';
  return t('baTurnOf', { name: table.nameOf(s) });
}

export const baloot: BoardEntry = {
  title: 'baTitle',
  Board: BalootBoard,
  Bar: BaBar,
  Sheet: BaSheet,
  sheetLabel: 'baPoints',
  SeatExtras: BaSeatExtras,
  DealOver: BaDealOver,
  status,
  attrs: (table) => {
    const view = viewOf(table.view, 'baloot');
    return {
      'data-bid-round': String(view?.bid_round ?? 0),
      'data-bid-stage': view?.bid_stage ?? '',
      'data-contract': view?.contract ?? '',
    };
  },
  pace: {
    trick: (events, before, after) => finishedTrick(events, viewOf(before, 'baloot'), viewOf(after, 'baloot')),
    sound: (events) => (events.some((e) => parseBalootEvent(e).kind === 'play') ? 'play' : null),
  },
};
