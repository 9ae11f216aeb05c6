// The live connection: one WebSocket, reconnected by itself, and the state the screens
// show. What the server says is kept as it comes (the latest version); what the table
// shows follows at a human pace through the pace queue (lib/table/pace.ts): the shown
// view, version and clock are the screen's, `latestVersion` the server's.
import { savedToken, saveToken, type Player, type SeatInfo, type TableSummary } from './api';
import { t } from './i18n.svelte';
import { newClientSeed, type FairnessFrame } from './fairness';
import { receiveLobby } from './lobby.svelte';
import { reducedMotion, speed } from './prefs.svelte';
import { isMilestone, progressOf, roundRating } from './progress';
import { navigate, router } from './router.svelte';
import { receiveSocial } from './social.svelte';
import { play as sound } from './sound';
import { backoffDelay } from './table/backoff';
import { dialogs } from './table/dialogs.svelte';
import { isGameId, tagView, type GameId, type GameView } from './table/game-view';
import { overOf } from './table/over';
import { PaceQueue } from './table/pace';
import { planUpdate, type ClockState, type PaceHooks, type Shown, type TableEffect } from './table/plan';
import { answerOf, Notices, type Act, type Gone, type Notice } from './refusal.svelte';
import { Socket, type Frame } from './socket';
import type { ChatLine, Clock, FinishedTrick, Over } from './view';

/** A finished trick held on screen for a moment before it slides to its winner. */
export interface HeldTrick extends FinishedTrick {
  leaving: boolean;
}

export { NOTICE_MS, type Notice } from './refusal.svelte';

/** More updates than this waiting, or one waiting longer: the screen skips ahead. */
const MAX_PENDING = 10;
const MAX_LAG_MS = 8000;
/** The share of this seat's move time the screen's pace may take before its decision. */
const DUE_SHARE = 0.1;

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
  /** One notice at a time, forgotten after its time (lib/refusal.svelte.ts). */
  private readonly notices = new Notices();
  readonly notify = this.notices.say;
  readonly dismissNotice = this.notices.dismiss;
  get notice(): Notice | null {
    return this.notices.current;
  }
  /** How many chat lines the server refused so far (each one more): the box puts back the
   * oldest line waiting (the server answers lines in order). */
  chatRefusals = $state(0);
  private chatIds = new Set<string>();
  pending = $state<string | null>(null);
  /** The table's fair deals as last revealed (docs/fairness.md); null before a frame says. */
  fairness = $state<FairnessFrame | null>(null);
  /** The open table is not there: no such table (never made, or closed unjoined), or its
   * match is over and gone from the server's memory. The join's answer; the screen says so. */
  gone = $state<Gone | null>(null);

  private readonly socket = new Socket({
    // fold_acks: our own action's ack comes inside the update it caused (docs/protocol.md).
    hello: () => {
      const hello: Frame = { type: 'hello', protocol: 1, fold_acks: true };
      const token = savedToken();
      if (token) hello.token = token;
      return hello;
    },
    frame: (f) => this.receive(f),
    lost: () => this.lost(),
    hidden: () => this.queue.skipAhead(),
  });
  private inLobby = false;
  private counter = 0;
  /** The id of the action in flight (`pending` is its text): only its answer clears it. */
  private pendingId: string | null = null;
  /** A join is on its way: its snapshot or catchup will hold every update until then. */
  private joining = false;
  private joinRetry = 0;
  private joinTimer: ReturnType<typeof setTimeout> | null = null;
  /** Tables whose seat was given up while offline: the server hears it once back. */
  private leaves = new Set<number>();
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
    this.socket.connect();
  }

  disconnect(): void {
    this.socket.disconnect();
    this.connected = false;
  }

  /** The socket is gone; a new one follows by itself, and joins again once welcomed. */
  private lost(): void {
    this.connected = false;
    this.joining = false;
    if (this.joinTimer !== null) clearTimeout(this.joinTimer);
    this.joinTimer = null;
  }

  private send(frame: Frame): boolean {
    return this.socket.send(frame);
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
    if (this.tableId !== tableId) {
      this.leaveSeat();
      this.resetTable();
    }
    this.leaves.delete(tableId);
    this.tableId = tableId;
    this.watching = watch;
    this.sendJoin();
  }

  /** Join the open table; with what this client already has of it, only what it missed
   * comes back (a catchup). */
  private sendJoin(): void {
    if (this.joinTimer !== null) clearTimeout(this.joinTimer);
    this.joinTimer = null;
    if (this.tableId === null) return;
    // This browser's share of the deals, before it sits (ignored once the match is on).
    if (!this.watching) this.send({ type: 'client_seed', table: this.tableId, seed: newClientSeed() });
    const join: Frame = { type: 'join', table: this.tableId };
    if (this.watching) join.watch = true;
    if (this.status !== null) join.since = this.latestVersion;
    if (this.send(join)) this.joining = true;
  }

  /** The join could not be answered now (a database hiccup, the table changing process). */
  private rejoinLater(): void {
    if (this.joinTimer !== null) return;
    const delay = backoffDelay(this.joinRetry);
    this.joinRetry += 1;
    this.joinTimer = setTimeout(() => {
      this.joinTimer = null;
      this.sendJoin();
    }, delay);
  }

  /** Leaving the table's screen: the seat (if any) is left, and what the table said (a
   * refused move's notice) stays behind rather than following into the lobby. */
  close(): void {
    this.leaveSeat();
    this.resetTable();
    this.dismissNotice();
  }

  /** Going from a seat: before the match it is freed; during it a bot plays it until we
   * are back (PL-5). Unsaid, the server keeps the seat online and everyone waits for it. */
  private leaveSeat(): void {
    const id = this.tableId;
    if (id === null || this.watching || this.gone !== null) return;
    // Seatless by the snapshot's word; with no answer yet the join may still seat us, and
    // the server runs the leave after it.
    if (this.seat === null && this.status !== null) return;
    if (!this.send({ type: 'leave', table: id })) this.leaves.add(id);
  }

  private resetTable(): void {
    this.queue.clear();
    // The table's own dialogs go with it (the day's reward stays for the next screen).
    dialogs.drop('deal-over');
    dialogs.drop('level-up');
    this.tableId = null;
    this.fairness = null;
    this.gone = null;
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
    this.pendingId = null;
    this.joining = false;
    this.joinRetry = 0;
    if (this.joinTimer !== null) clearTimeout(this.joinTimer);
    this.joinTimer = null;
    this.own.clear();
  }

  act(action: string): void {
    if (this.tableId === null) return;
    // A refused move's reason is answered by the next move: it does not stay on into it.
    if (this.notice?.rule) this.dismissNotice();
    this.counter += 1;
    const id = `a${Date.now().toString(36)}-${this.counter}`;
    // The version on screen: the one the player chose on (the server's stale guard).
    if (this.send({ type: 'action', table: this.tableId, id, version: this.version, action })) {
      this.pending = action;
      this.pendingId = id;
    }
  }

  /** "I'm back": the bot that played for this seat (timed out) hands it back. */
  back(): void {
    if (this.tableId === null) return;
    this.send({ type: 'back', table: this.tableId });
  }

  say(text: string): void {
    if (this.tableId === null) return;
    this.counter += 1;
    // Its id comes back with a refusal (too fast, too long…): the chat box gives the line
    // back to be sent again (`chatRefusals`).
    const id = `c${Date.now().toString(36)}-${this.counter}`;
    if (!this.send({ type: 'chat', table: this.tableId, text, id })) return;
    this.chatIds.add(id);
    if (this.chatIds.size > 32) this.chatIds.delete(this.chatIds.values().next().value as string);
  }

  invite(name: string): void {
    if (this.tableId === null) return;
    this.send({ type: 'invite', table: this.tableId, player: name });
  }

  /** The host gives a free seat (one a friend declined) to a bot of `level`: the
   * table's seats frame shows it, and the last seat taken starts the match. */
  seatBot(seat: number, level: string): void {
    if (this.tableId === null) return;
    this.send({ type: 'seat_bot', table: this.tableId, seat, level });
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
        this.socket.welcome();
        for (const id of this.leaves) this.send({ type: 'leave', table: id });
        this.leaves.clear();
        if (this.inLobby) this.send({ type: 'lobby' });
        this.sendJoin();
        break;
      }
      case 'pong':
        break;
      case 'lobby':
        receiveLobby({ tables: f.tables, playing: f.playing, table: f.table, unlisted: f.unlisted });
        if (Array.isArray(f.tables)) this.tables = f.tables as TableSummary[];
        else if (f.table) this.lobbyChange(f.table as TableSummary);
        else if (typeof f.unlisted === 'number') {
          const gone = f.unlisted;
          this.tables = this.tables.filter((x) => x.id !== gone);
        }
        break;
      case 'joined':
        if (f.table === this.tableId) this.seat = (f.seat as number | null) ?? null;
        break;
      case 'snapshot':
      case 'catchup':
        // A catchup's updates are already in its view: the screen jumps to it, as to a
        // snapshot (their events would only replay what the view shows).
        if (f.table !== this.tableId) break;
        this.joining = false;
        this.joinRetry = 0;
        this.snapshot(f);
        break;
      case 'update': {
        if (f.table !== this.tableId) break;
        if (typeof f.ack === 'string') this.acked(f.ack, f.version);
        const version = f.version as number;
        // Before the join's answer (which holds this update too), or a repeat or late one.
        if (this.joining || this.status === null || version <= this.latestVersion) break;
        if (version > this.latestVersion + 1) {
          // Missed updates (a lost frame, a change of process): a catchup brings them.
          this.sendJoin();
          break;
        }
        this.update(f);
        break;
      }
      case 'seats':
        if (f.table !== this.tableId) break;
        this.seats = f.seats as SeatInfo[];
        // The move clock as it runs now (a seat back restarts it, a bot's takes it away):
        // taken when the screen shows that version (one catching up gets it with its update).
        if ('clock' in f && f.version === this.version && f.version === this.latestVersion) {
          this.clock = this.clockOf(f.clock as Clock | null);
        }
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
        if (f.table === this.tableId) this.acked(f.id, f.version);
        break;
      case 'error':
        this.refused(f);
        break;
      case 'invited':
        this.notify(t('invitedOk', { name: String(f.player) }), 'info');
        break;
      case 'seated_bot':
        break; // the seats frame before it showed the bot
      default:
        receiveSocial(f); // friends, invitations, challenges (issue 17)
    }
  }

  /** A refusal, done as lib/refusal.svelte.ts reads it, and said. */
  private refused(f: Frame): void {
    const { connected, tableId, gone, watching, seat } = this;
    const { act, say } = answerOf(f, { connected, tableId, joining: this.joining, gone, watching, seat });
    if (act === 'signed-out') {
      // A new socket would come back as a new guest and sit here in the player's place:
      // stop; with no player the page asks to sign in, saying why.
      saveToken(null);
      this.player = null;
      this.resetTable();
      this.disconnect();
    } else if (act === 'hello') this.socket.refused(f.code as string);
    else if (act !== 'elsewhere') this.answerRefusal(act, f);
    if (say) this.notify(say.text, say.kind, say.rule);
    if (act !== 'expired') return;
    const r = router.route;
    if (r.kind === 'table' && r.id === f.table) navigate({ kind: 'lobby' }, true);
  }

  /** A refusal about this connection's own doings: the open table, a move, a chat line. */
  private answerRefusal(act: Act, f: Frame): void {
    if (this.pendingId !== null && f.id === this.pendingId) {
      this.pending = null;
      this.pendingId = null;
    }
    if (typeof f.id === 'string' && this.chatIds.delete(f.id)) this.chatRefusals += 1;
    // A move's or a chat line's refusal carries its id; one about the table without is the join's.
    if (typeof f.table === 'number' && typeof f.id !== 'string') this.joining = false;
    if (act === 'expired') this.resetTable();
    else if (act === 'retry') this.rejoinLater();
    else if (act === 'gone') this.gone = f.code as Gone;
    else if (act === 'watch' || act === 'rejoin') {
      if (act === 'watch') this.watching = true;
      this.sendJoin(); // a snapshot (or catchup) follows
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
    // A rejoin (a new socket, a gap) of a match this screen already shows is not dealt again.
    const starts = this.status === 'playing' && (before === 'open' || (before === null && f.version === 0));
    if (starts && view && speed() === 'normal' && !reducedMotion()) {
      // The match starts in front of us (or we open it before anything happened): deal.
      this.queue.push([
        { effect: { kind: 'deal', deal: view.deal }, ms: 800, essential: false },
        { effect: { kind: 'settled' }, ms: 0, essential: true },
      ]);
    }
    if (this.status === 'over' && view) {
      // Joined a finished table: rebuild the result from the totals.
      this.over ??= overOf(view, this.tableId);
    }
  }

  /** Our action was accepted as this version (an ack, or an update that carries one). */
  private acked(id: unknown, version: unknown): void {
    if (this.pendingId !== null && id === this.pendingId) {
      this.pending = null;
      this.pendingId = null;
    }
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
    this.queue.push(beats, own, this.dueOf(f.clock as Clock | null));
  }

  /** A move clock of this seat's runs from the moment the server sent the update: the
   * screen's pace may take a tenth of it, not seconds of a short one. */
  private dueOf(c: Clock | null | undefined): number | null {
    if (!c || this.seat === null || this.watching || !c.seats.includes(this.seat)) return null;
    return Math.floor(c.remaining_ms * DUE_SHARE);
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
        const teams = Array.isArray(f.teams) ? (f.teams as number[][]) : null;
        this.over = { scores: f.scores as number[], ranks, teams, record: f.record as string };
        this.clock = null;
        if (!skipped) sound('match');
        // The result shows the last deal's summary itself (MatchOver): the panel goes
        // rather than say it twice; a new level comes.
        dialogs.drop('deal-over');
        // The seats show the ratings, leagues and levels the match ended with, as the top
        // bar does (not the ones they sat down with).
        this.seats = this.seats.map((info, s) => {
          const p = progressOf(f, s);
          return p ? { ...info, rating: roundRating(p.rating_after), league: p.league_after, xp_level: p.level_after } : info;
        });
        const mine = progressOf(f, this.seat);
        if (mine && isMilestone(mine)) dialogs.push({ kind: 'level-up', key: `${this.tableId}-over` });
        break;
      }
    }
  }
}

export const client = new Client();
