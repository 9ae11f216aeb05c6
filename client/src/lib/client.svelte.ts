// The live connection: one WebSocket, reconnected by itself, and the state the screens
// show. What the server says is kept as it comes (the latest version); what the table
// shows follows at a human pace through the pace queue (lib/table/pace.ts): the shown
// view, version and clock are the screen's, `latestVersion` the server's.
import { savedToken, saveToken, type Player, type SeatInfo, type TableSummary } from './api';
import { reason, t } from './i18n.svelte';
import { newClientSeed, type FairnessFrame } from './fairness';
import { receiveLobby } from './lobby.svelte';
import { reducedMotion, speed } from './prefs.svelte';
import { isMilestone, progressOf } from './progress';
import { receiveSocial } from './social.svelte';
import { play as sound } from './sound';
import { backoffDelay } from './table/backoff';
import { dialogs } from './table/dialogs.svelte';
import { isGameId, tagView, type GameId, type GameView } from './table/game-view';
import { PaceQueue } from './table/pace';
import { planUpdate, type ClockState, type PaceHooks, type Shown, type TableEffect } from './table/plan';
import type { ChatLine, Clock, FinishedTrick, Over } from './view';

/** A finished trick held on screen for a moment before it slides to its winner. */
export interface HeldTrick extends FinishedTrick {
  leaving: boolean;
}

export interface Notice {
  text: string;
  kind: 'error' | 'info';
  n: number;
  /** The rule a refusal cites (`KB-11`), to link to its text. */
  rule: string | null;
}

type Frame = Record<string, unknown> & { type: string };

/** More updates than this waiting, or one waiting longer: the screen skips ahead. */
const MAX_PENDING = 10;
const MAX_LAG_MS = 8000;

export class Client {
  connected = $state(false);
  everConnected = $state(false);
  player = $state<Player | null>(null);
  tables = $state<TableSummary[]>([]);
  tableId = $state<number | null>(null);
  watching = $state(false);
  seat = $state<number | null>(null);
  status = $state<'open' | 'playing' | 'over' | null>(null);
  seats = $state<SeatInfo[]>([]);
  /** The open table's game: named by its snapshot (and by every view). */
  game = $state<GameId | null>(null);
  /** The open table's game when this browser has no board for it (a game added on the
   * server first): the table says so instead of drawing another game's board. */
  foreign = $state<string | null>(null);
  /** The view on screen (the pace queue's), its version and its move clock. */
  view = $state<GameView | null>(null);
  version = $state(0);
  clock = $state<ClockState | null>(null);
  /** The latest version the server sent (the screen may still be showing an earlier one). */
  latestVersion = $state(0);
  /** The screen is catching up inside one update (a trick held, a deal dealt): no decision yet. */
  settling = $state(false);
  held = $state<HeldTrick | null>(null);
  /** The deal being dealt on screen (its animation), or null. */
  dealing = $state<number | null>(null);
  /** The last 'over' frame as the server sent it (its progress part is read by the progression UI). */
  overFrame = $state<Record<string, unknown> | null>(null);
  over = $state<Over | null>(null);
  chat = $state<ChatLine[]>([]);
  notice = $state<Notice | null>(null);
  pending = $state<string | null>(null);
  /** The table's fair deals as last revealed (docs/fairness.md); null before a frame says. */
  fairness = $state<FairnessFrame | null>(null);

  private ws: WebSocket | null = null;
  private inLobby = false;
  private retry = 0;
  private stopped = false;
  private counter = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private listening = false;
  /** The versions of this player's own accepted moves (their updates show at once). */
  private own = new Set<number>();
  /** The latest view received: the one the next update is planned against. */
  private planned: GameView | null = null;
  private hooksFor: (game: GameId) => PaceHooks = () => ({});
  private queue = new PaceQueue<TableEffect>((e, skipped) => this.apply(e, skipped), {
    maxPending: MAX_PENDING,
    maxLagMs: MAX_LAG_MS,
    instant: () => speed() === 'off' || (typeof document !== 'undefined' && document.hidden),
  });

  /** Each game's part in the pace (lib/table/boards.ts registers them). */
  usePaceHooks(of: (game: GameId) => PaceHooks): void {
    this.hooksFor = of;
  }

  connect(): void {
    this.stopped = false;
    this.listen();
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      // fold_acks: our own action's ack comes inside the update it caused (docs/protocol.md).
      const hello: Frame = { type: 'hello', protocol: 1, fold_acks: true };
      const token = savedToken();
      if (token) hello.token = token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e: MessageEvent<string>) => {
      let frame: Frame;
      try {
        frame = JSON.parse(e.data) as Frame;
      } catch {
        return;
      }
      this.receive(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.connected = false;
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  /** Back online, or the tab shown again: try at once instead of waiting out the back-off. */
  private listen(): void {
    if (this.listening || typeof window === 'undefined') return;
    this.listening = true;
    const now = (): void => {
      if (this.connected || this.stopped) return;
      if (this.retryTimer !== null) clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.connect();
    };
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) this.queue.skipAhead();
      else now();
    });
  }

  private scheduleReconnect(): void {
    if (this.retryTimer !== null) return;
    const delay = backoffDelay(this.retry);
    this.retry += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  disconnect(): void {
    this.stopped = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.ws?.close();
    this.ws = null;
    this.connected = false;
  }

  private send(frame: Frame): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.connected) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  // -- what the screens ask for --------------------------------------------------------

  watchLobby(): void {
    this.inLobby = true;
    this.send({ type: 'lobby' });
  }

  leaveLobby(): void {
    this.inLobby = false;
  }

  open(tableId: number, watch = false): void {
    if (this.tableId !== tableId) this.resetTable();
    this.tableId = tableId;
    this.watching = watch;
    this.sendJoin();
  }

  private sendJoin(): void {
    if (this.tableId === null) return;
    // This browser's share of the deals, before it sits (ignored once the match is on).
    if (!this.watching) this.send({ type: 'client_seed', table: this.tableId, seed: newClientSeed() });
    this.send({ type: 'join', table: this.tableId, ...(this.watching ? { watch: true } : {}) });
  }

  close(): void {
    if (this.tableId !== null && this.status === 'open' && !this.watching) {
      this.send({ type: 'leave', table: this.tableId });
    }
    this.resetTable();
  }

  private resetTable(): void {
    this.queue.clear();
    // The table's own dialogs go with it (the day's reward stays for the next screen).
    dialogs.drop('deal-over');
    dialogs.drop('level-up');
    this.tableId = null;
    this.fairness = null;
    this.seat = null;
    this.status = null;
    this.seats = [];
    this.game = null;
    this.foreign = null;
    this.view = null;
    this.planned = null;
    this.version = 0;
    this.latestVersion = 0;
    this.clock = null;
    this.settling = false;
    this.held = null;
    this.dealing = null;
    this.chat = [];
    this.over = null;
    this.pending = null;
    this.own.clear();
  }

  act(action: string): void {
    if (this.tableId === null) return;
    this.counter += 1;
    const id = `a${Date.now().toString(36)}-${this.counter}`;
    if (this.send({ type: 'action', table: this.tableId, id, version: this.latestVersion, action })) {
      this.pending = action;
    }
  }

  /** "I'm back": the bot that played for this seat (timed out) hands it back. */
  back(): void {
    if (this.tableId === null) return;
    this.send({ type: 'back', table: this.tableId });
  }

  say(text: string): void {
    if (this.tableId === null) return;
    this.send({ type: 'chat', table: this.tableId, text });
  }

  invite(name: string): void {
    if (this.tableId === null) return;
    this.send({ type: 'invite', table: this.tableId, player: name });
  }

  notify(text: string, kind: 'error' | 'info' = 'error', rule: string | null = null): void {
    this.notice = { text, kind, n: (this.notice?.n ?? 0) + 1, rule };
  }

  dismissNotice(): void {
    this.notice = null;
  }

  /** Everything waiting is shown now (the player turned the pace to fast mid-trick, …). */
  catchUp(): void {
    this.queue.skipAhead();
  }

  // -- what the server says ------------------------------------------------------------

  private receive(f: Frame): void {
    switch (f.type) {
      case 'welcome': {
        const token = f.token as string;
        saveToken(token);
        this.player = f.player as Player;
        this.connected = true;
        this.everConnected = true;
        this.retry = 0;
        if (this.inLobby) this.send({ type: 'lobby' });
        this.sendJoin();
        break;
      }
      case 'lobby':
        receiveLobby({ tables: f.tables, playing: f.playing, table: f.table });
        if (Array.isArray(f.tables)) this.tables = f.tables as TableSummary[];
        else if (f.table) this.lobbyChange(f.table as TableSummary);
        break;
      case 'joined':
        if (f.table === this.tableId) this.seat = (f.seat as number | null) ?? null;
        break;
      case 'snapshot':
      case 'catchup':
        if (f.table !== this.tableId) break;
        this.snapshot(f);
        break;
      case 'update':
        if (f.table !== this.tableId) break;
        if (typeof f.ack === 'string') this.acked(f.version);
        this.update(f);
        break;
      case 'seats':
        if (f.table === this.tableId) this.seats = f.seats as SeatInfo[];
        break;
      case 'fairness':
        if (f.table === this.tableId) this.fairness = (f.fairness as FairnessFrame | null) ?? null;
        break;
      case 'chat':
        if (f.table === this.tableId) {
          const { from, seat, text, at } = f as unknown as ChatLine;
          this.chat = [...this.chat.slice(-99), { from, seat, text, at }];
        }
        break;
      case 'over':
        if (f.table !== this.tableId) break;
        this.queue.push([{ effect: { kind: 'over', frame: f }, ms: 0, essential: true }]);
        break;
      case 'ack':
        this.acked(f.version);
        break;
      case 'error':
        this.pending = null;
        if (f.code === 'bad_token') {
          saveToken(null);
          this.player = null;
          this.ws?.close();
          return;
        }
        if (f.code === 'table_moved' && f.table === this.tableId) {
          // Another server process serves the table now (several processes): join it
          // again, which finds it there; a full snapshot follows.
          this.sendJoin();
          return;
        }
        if (f.code === 'table_full' && f.table === this.tableId && !this.watching && this.seat === null) {
          // No seat for us (a reload of a table we watched, a full table): watch it instead.
          this.watching = true;
          this.sendJoin();
          return;
        }
        this.notify(
          reason({
            code: f.code as string,
            rule: (f.rule as string | undefined) ?? null,
            message: f.message as string,
          }),
          'error',
          typeof f.rule === 'string' ? f.rule : null,
        );
        break;
      case 'invited':
        this.notify(t('invitedOk', { name: String(f.player) }), 'info');
        break;
      default:
        receiveSocial(f); // friends, invitations, challenges (issue 17)
    }
  }

  private lobbyChange(t: TableSummary): void {
    const rest = this.tables.filter((x) => x.id !== t.id);
    this.tables = t.status === 'open' ? [...rest, t].sort((a, b) => a.id - b.id) : rest;
  }

  private clockOf(c: Clock | null | undefined): ClockState | null {
    return c ? { seats: c.seats, deadline: Date.now() + c.remaining_ms, limit: c.limit_ms } : null;
  }

  private snapshot(f: Frame): void {
    const before = this.status;
    this.seat = (f.seat as number | null) ?? null;
    this.status = f.status as 'open' | 'playing' | 'over';
    this.seats = f.seats as SeatInfo[];
    if (typeof f.game === 'string' && isGameId(f.game)) this.game = f.game;
    this.foreign = typeof f.game === 'string' && !isGameId(f.game) ? f.game : null;
    const view = tagView(f.view, this.game);
    if (view) this.game = view.game;
    this.latestVersion = f.version as number;
    this.planned = view;
    if (Array.isArray(f.chat)) this.chat = f.chat as ChatLine[];
    if (f.fairness !== undefined) this.fairness = (f.fairness as FairnessFrame | null) ?? null;
    this.pending = null;
    const shown: Shown = { version: f.version as number, events: [], view, clock: this.clockOf(f.clock as Clock | null) };
    this.queue.jump([{ kind: 'show', shown, settling: false }, { kind: 'settled' }]);
    const starts = this.status === 'playing' && (before === 'open' || f.version === 0);
    if (starts && view && speed() === 'normal' && !reducedMotion()) {
      // The match starts in front of us (or nothing has happened in it yet): deal.
      this.queue.push([
        { effect: { kind: 'deal', deal: view.deal }, ms: 800, essential: false },
        { effect: { kind: 'settled' }, ms: 0, essential: true },
      ]);
    }
    if (this.status === 'over' && view) {
      // Joined a finished table: rebuild the result from the totals.
      this.over ??= overOf(view.totals, this.tableId);
    }
  }

  /** Our action was accepted as this version (an ack, or an update that carries one). */
  private acked(version: unknown): void {
    this.pending = null;
    if (typeof version === 'number') this.own.add(version);
  }

  private update(f: Frame): void {
    const version = f.version as number;
    const view = tagView(f.view, this.game);
    const before = this.planned;
    this.planned = view;
    this.latestVersion = version;
    const own = this.own.delete(version);
    const shown: Shown = {
      version,
      events: (f.events as string[] | undefined) ?? [],
      view,
      clock: this.clockOf(f.clock as Clock | null),
    };
    const pace = speed();
    const beats = planUpdate({
      shown,
      before,
      own,
      speed: pace,
      animateDeal: pace === 'normal' && !reducedMotion(),
      hooks: view ? this.hooksFor(view.game) : {},
    });
    this.queue.push(beats, own);
  }

  /** One beat of the table on screen (see lib/table/plan.ts). */
  private apply(e: TableEffect, skipped: boolean): void {
    switch (e.kind) {
      case 'show': {
        const { shown } = e;
        this.version = shown.version;
        this.view = shown.view;
        this.clock = shown.clock;
        this.settling = e.settling;
        if (!skipped && shown.view) {
          const effect = this.hooksFor(shown.view.game).sound?.(shown.events);
          if (effect) sound(effect);
        }
        break;
      }
      case 'hold':
        this.held = { ...e.trick, leaving: false };
        break;
      case 'collect':
        if (this.held) {
          this.held = { ...this.held, leaving: true };
          sound('trick');
        }
        break;
      case 'dealOver':
        this.held = null;
        dialogs.push({ kind: 'deal-over', key: `${this.tableId}-deal-${e.deal}`, deal: e.deal });
        break;
      case 'deal':
        this.held = null;
        this.dealing = e.deal;
        // The cards are shuffled, then dealt round the table.
        sound('shuffle');
        setTimeout(() => sound('deal'), 900);
        break;
      case 'wait':
        break;
      case 'settled':
        this.held = null;
        this.dealing = null;
        this.settling = false;
        break;
      case 'over': {
        const f = e.frame;
        if (f.table !== this.tableId) break;
        this.status = 'over';
        this.overFrame = f;
        // The server ranks from 0 (first); the screens count places from 1, as overOf does.
        const ranks = (f.ranks as number[]).map((r) => r + 1);
        this.over = { scores: f.scores as number[], ranks, record: f.record as string };
        this.clock = null;
        if (!skipped) sound('match');
        // The result says what the last deal's summary would: it goes, a new level comes.
        dialogs.drop('deal-over');
        const mine = progressOf(f, this.seat);
        if (mine && isMilestone(mine)) dialogs.push({ kind: 'level-up', key: `${this.tableId}-over` });
        break;
      }
    }
  }
}

function overOf(totals: readonly number[], tableId: number | null): Over {
  const ranks = totals.map((t) => 1 + totals.filter((x) => x > t).length);
  return { scores: [...totals], ranks, record: `/api/tables/${tableId ?? 0}/record` };
}

export const client = new Client();
