// The table's dialogs, one at a time, first come first shown. None of them ever covers a
// decision the player owes: informational ones (a deal's summary, the daily reward) show
// as a panel beside the board that blocks nothing; one that must be closed (a new level)
// waits while a decision is owed, so no move clock runs behind a box.

import type { DailyReward } from '../api';

export type DialogKind = 'deal-over' | 'level-up' | 'reward';

export interface Dialog {
  id: number;
  kind: DialogKind;
  /** Shown once: a second push with the same key is ignored (a deal's summary). */
  key: string;
  /** The finished deal, for 'deal-over'. */
  deal?: number;
  /** The day's bonus, for 'reward'. */
  reward?: DailyReward;
}

export type Presentation = 'panel' | 'modal' | 'waiting';

/** A dialog the player has to close (a modal box) rather than one shown beside the board. */
export function mustClose(kind: DialogKind): boolean {
  return kind === 'level-up';
}

/** How long an informational panel stays by itself (ms); null: until closed. */
export function lifetime(kind: DialogKind): number | null {
  return kind === 'reward' ? 8000 : null;
}

/** How a dialog shows now: a modal box only when no decision is owed. */
export function presentation(d: Dialog, decisionOwed: boolean): Presentation {
  if (!mustClose(d.kind)) return 'panel';
  return decisionOwed ? 'waiting' : 'modal';
}

export class DialogQueue {
  items = $state<Dialog[]>([]);
  private seen = new Set<string>();
  private next = 1;

  /** The dialog on show (the first in line), or null. */
  get current(): Dialog | null {
    return this.items[0] ?? null;
  }

  /**
   * Queues a dialog unless one with its key was already queued; returns its id (0 if not).
   * A deal's summary replaces an older one still waiting or on show: the score sheet keeps
   * every deal, the panel only the latest. It also goes ahead of the day's bonus, waiting
   * or on show: the deal is this table's news, the bonus can wait (its clock starts again
   * when it is back on show).
   */
  push(d: Omit<Dialog, 'id'>): number {
    if (this.seen.has(d.key)) return 0;
    this.seen.add(d.key);
    const id = this.next++;
    const item = { ...d, id };
    if (d.kind !== 'deal-over') {
      this.items = [...this.items, item];
      return id;
    }
    const kept = this.items.filter((x) => x.kind !== 'deal-over');
    const at = kept.findIndex((x) => x.kind === 'reward');
    this.items = at < 0 ? [...kept, item] : [...kept.slice(0, at), item, ...kept.slice(at)];
    return id;
  }

  close(id: number): void {
    this.items = this.items.filter((d) => d.id !== id);
  }

  /** Drops the dialogs of `kind` (e.g. a table's deal summaries when it is left). */
  drop(kind: DialogKind): void {
    this.items = this.items.filter((d) => d.kind !== kind);
  }

  /** Everything gone, keys forgotten (another table). */
  clear(): void {
    this.items = [];
    this.seen.clear();
  }
}

export const dialogs = new DialogQueue();
