// The live connection: one WebSocket, reconnected by itself, and the state the screens show.
import { savedToken, saveToken, type Player, type SeatInfo, type TableSummary } from './api';
import { parseHtEvent } from './hearts-trumps';
import { reason, t } from './i18n.svelte';
import { play as sound } from './sound';
import {
  parseEvent,
  type ChatLine,
  type Clock,
  type DealJson,
  type Over,
  type View,
} from './view';

/** A finished trick held on screen for a moment before it slides to its winner. */
export interface HeldTrick {
  leader: number;
  cards: string[];
  winner: number;
  points: number;
  leaving: boolean;
}

export interface Notice {
  text: string;
  kind: 'error' | 'info';
  n: number;
}

type Frame = Record<string, unknown> & { type: string };

const HOLD_MS = 1100;
const LEAVE_MS = 450;

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
  view = $state<View | null>(null);
  /** The last 'over' frame as the server sent it (its progress part is read by the progression UI). */
  overFrame = $state<Record<string, unknown> | null>(null);
  version = $state(0);
  clock = $state<{ seats: number[]; deadline: number; limit: number } | null>(null);
  chat = $state<ChatLine[]>([]);
  held = $state<HeldTrick | null>(null);
  summary = $state<DealJson | null>(null);
  over = $state<Over | null>(null);
  notice = $state<Notice | null>(null);
  pending = $state<string | null>(null);

  private ws: WebSocket | null = null;
  private inLobby = false;
  private retry = 0;
  private stopped = false;
  private counter = 0;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  private listening = false;

  connect(): void {
    this.stopped = false;
    if (!this.listening && typeof window !== 'undefined') {
      // Back online: try at once instead of waiting out the back-off.
      this.listening = true;
      window.addEventListener('online', () => {
        if (this.connected || this.stopped) return;
        if (this.retryTimer !== null) clearTimeout(this.retryTimer);
        this.retryTimer = null;
        this.connect();
      });
    }
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      const hello: Frame = { type: 'hello', protocol: 1 };
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

  private scheduleReconnect(): void {
    if (this.retryTimer !== null) return;
    const delay = Math.min(5000, 300 * 2 ** this.retry);
    this.retry += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  disconnect(): void {
    this.stopped = true;
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
    this.send({ type: 'join', table: this.tableId, ...(this.watching ? { watch: true } : {}) });
  }

  close(): void {
    if (this.tableId !== null && this.status === 'open' && !this.watching) {
      this.send({ type: 'leave', table: this.tableId });
    }
    this.resetTable();
  }

  private resetTable(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.tableId = null;
    this.seat = null;
    this.status = null;
    this.seats = [];
    this.view = null;
    this.version = 0;
    this.clock = null;
    this.chat = [];
    this.held = null;
    this.summary = null;
    this.over = null;
    this.pending = null;
  }

  act(action: string): void {
    if (this.tableId === null) return;
    this.counter += 1;
    const id = `a${Date.now().toString(36)}-${this.counter}`;
    if (this.send({ type: 'action', table: this.tableId, id, version: this.version, action })) {
      this.pending = action;
    }
  }

  say(text: string): void {
    if (this.tableId === null) return;
    this.send({ type: 'chat', table: this.tableId, text });
  }

  invite(name: string): void {
    if (this.tableId === null) return;
    this.send({ type: 'invite', table: this.tableId, player: name });
  }

  dismissSummary(): void {
    this.summary = null;
  }

  notify(text: string, kind: 'error' | 'info' = 'error'): void {
    this.notice = { text, kind, n: (this.notice?.n ?? 0) + 1 };
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
        if (Array.isArray(f.tables)) this.tables = f.tables as TableSummary[];
        else if (f.table) this.lobbyChange(f.table as TableSummary);
        break;
      case 'joined':
        if (f.table === this.tableId) this.seat = (f.seat as number | null) ?? null;
        break;
      case 'snapshot':
      case 'catchup':
        if (f.table !== this.tableId) break;
        this.seat = (f.seat as number | null) ?? null;
        this.status = f.status as 'open' | 'playing' | 'over';
        this.seats = f.seats as SeatInfo[];
        this.version = f.version as number;
        this.view = (f.view as View | null) ?? null;
        this.setClock(f.clock as Clock | null);
        if (Array.isArray(f.chat)) this.chat = f.chat as ChatLine[];
        this.pending = null;
        if (this.status === 'over' && this.view) {
          // Joined a finished table: rebuild the result from the totals.
          this.over ??= overOf(this.view.totals, this.tableId);
        }
        break;
      case 'update':
        if (f.table !== this.tableId) break;
        this.update(f);
        break;
      case 'seats':
        if (f.table === this.tableId) this.seats = f.seats as SeatInfo[];
        break;
      case 'chat':
        if (f.table === this.tableId) {
          const { from, seat, text, at } = f as unknown as ChatLine;
          this.chat = [...this.chat.slice(-99), { from, seat, text, at }];
        }
        break;
      case 'over':
        if (f.table !== this.tableId) break;
        this.status = 'over';
        this.overFrame = f;
        // The server ranks from 0 (first); the screens count places from 1, as overOf does.
        const ranks = (f.ranks as number[]).map((r) => r + 1);
        this.over = { scores: f.scores as number[], ranks, record: f.record as string };
        this.clock = null;
        sound('match');
        break;
      case 'ack':
        this.pending = null;
        break;
      case 'error':
        this.pending = null;
        if (f.code === 'bad_token') {
          saveToken(null);
          this.player = null;
          this.ws?.close();
          return;
        }
        this.notify(
          reason({
            code: f.code as string,
            rule: (f.rule as string | undefined) ?? null,
            message: f.message as string,
          }),
        );
        break;
      case 'invited':
        this.notify(t('invitedOk', { name: String(f.player) }), 'info');
        break;
    }
  }

  private lobbyChange(t: TableSummary): void {
    const rest = this.tables.filter((x) => x.id !== t.id);
    this.tables = t.status === 'open' ? [...rest, t].sort((a, b) => a.id - b.id) : rest;
  }

  private setClock(c: Clock | null): void {
    this.clock = c ? { seats: c.seats, deadline: Date.now() + c.remaining_ms, limit: c.limit_ms } : null;
  }

  private update(f: Frame): void {
    const before = this.view;
    this.version = f.version as number;
    this.view = (f.view as View | null) ?? null;
    this.setClock(f.clock as Clock | null);
    for (const text of f.events as string[]) {
      const e = parseEvent(text);
      if (e.kind === 'play') sound('play');
      else if (e.kind === 'deal') {
        sound('deal');
      } else if (e.kind === 'trick') {
        const leader = before?.trick?.leader ?? this.view?.tricks.at(-1)?.leader ?? e.seat;
        this.hold({ leader, cards: e.cards, winner: e.seat, points: e.points, leaving: false });
      } else if (e.kind === 'dealOver') {
        const done = this.view?.history.at(-1);
        if (done) this.summary = done;
      } else {
        // Hearts Are Trumps: its screen reads the result from the view; only sounds here.
        const h = parseHtEvent(text);
        if (h.kind === 'placed') sound('play');
        else if (h.kind === 'battle' && h.name === 'A') sound('trick');
      }
    }
  }

  private hold(trick: HeldTrick): void {
    for (const t of this.timers) clearTimeout(t);
    this.held = trick;
    this.timers = [
      setTimeout(() => {
        if (this.held) this.held = { ...this.held, leaving: true };
        sound('trick');
      }, HOLD_MS),
      setTimeout(() => {
        this.held = null;
      }, HOLD_MS + LEAVE_MS),
    ];
  }
}

function overOf(totals: readonly number[], tableId: number | null): Over {
  const ranks = totals.map((t) => 1 + totals.filter((x) => x > t).length);
  return { scores: [...totals], ranks, record: `/api/tables/${tableId ?? 0}/record` };
}

export const client = new Client();
