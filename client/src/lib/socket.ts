// One WebSocket to the server, kept alive: opened again after a back-off when it closes,
// when its hello is refused, or when it falls silent (a ping every PING_MS asks). What the
// frames mean is the Client's (lib/client.svelte.ts).
import { BACKOFF, backoffDelay, type Backoff } from './table/backoff';

export type Frame = Record<string, unknown> & { type: string };

/** A ping this often; a socket that then says nothing for SILENT_MS is taken for dead (a
 * laptop that slept, a network switched: the browser may keep calling it open). */
const PING_MS = 15_000;
const SILENT_MS = 10_000;
/** A hello refused for a reason that lasts (too many tabs, too many new guests, another
 * protocol): retry slowly. */
const SLOW: Backoff = { ...BACKOFF, baseMs: 5000, capMs: 30_000 };
const SLOW_CODES: ReadonlySet<string> = new Set(['too_many_connections', 'rate_limited', 'protocol']);

export interface SocketHooks {
  /** The socket is open: what it says first (the hello). */
  hello(): Frame;
  /** A frame came. */
  frame(f: Frame): void;
  /** The socket is gone; the next one follows after a back-off (unless stopped). */
  lost(): void;
  /** The tab was hidden (what it shows may skip ahead). */
  hidden(): void;
}

export class Socket {
  /** The hello was answered: the socket carries the player's messages. */
  welcomed = false;

  private ws: WebSocket | null = null;
  private retry = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private listening = false;
  private pinger: ReturnType<typeof setInterval> | null = null;
  /** Armed while a frame is due (a ping, a hello); any frame disarms it. */
  private silence: ReturnType<typeof setTimeout> | null = null;
  private pings = 0;

  constructor(private readonly hooks: SocketHooks) {}

  connect(): void {
    this.stopped = false;
    this.listen();
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws`);
    this.ws = ws;
    // A handshake that hangs (a dead network) is given up like a silent socket.
    this.hush();
    this.expect(ws);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      ws.send(JSON.stringify(this.hooks.hello()));
      this.hush();
      this.expect(ws); // the welcome (or a refusal) is due
    };
    ws.onmessage = (e: MessageEvent<string>) => {
      if (this.ws !== ws) return;
      this.hush();
      let frame: Frame;
      try {
        frame = JSON.parse(e.data) as Frame;
      } catch {
        return;
      }
      this.hooks.frame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.lost(BACKOFF);
    };
  }

  /** The server welcomed this socket: pings start, the back-off starts over. */
  welcome(): void {
    this.welcomed = true;
    this.retry = 0;
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = setInterval(() => this.probe(), PING_MS);
  }

  /** The hello was refused (a database hiccup, too many tabs): this socket will never be
   * welcomed, so a new one tries later, slowly for a reason that lasts. */
  refused(code: string): void {
    if (this.ws) this.drop(this.ws, SLOW_CODES.has(code) ? SLOW : BACKOFF);
  }

  /** No socket any more, and none again until `connect`. */
  disconnect(): void {
    this.stopped = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.ws) this.drop(this.ws);
    this.welcomed = false;
  }

  send(frame: Frame): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || !this.welcomed) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** The socket is gone (closed, given up): the next one follows after a back-off. */
  private lost(backoff: Backoff): void {
    this.ws = null;
    this.welcomed = false;
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
    this.hush();
    this.hooks.lost();
    if (!this.stopped) this.scheduleReconnect(backoff);
  }

  /** Give up a socket (silent, or it refused our hello) without waiting for its close,
   * which a dead network may hold back for minutes. */
  private drop(ws: WebSocket, backoff: Backoff = BACKOFF): void {
    if (this.ws !== ws) return;
    this.lost(backoff);
    ws.close();
  }

  /** A frame is due on `ws`: none within SILENT_MS and it is dropped. */
  private expect(ws: WebSocket): void {
    if (this.silence !== null) return;
    this.silence = setTimeout(() => {
      this.silence = null;
      this.drop(ws);
    }, SILENT_MS);
  }

  private hush(): void {
    if (this.silence !== null) clearTimeout(this.silence);
    this.silence = null;
  }

  /** Is the socket still alive? A ping asks; silence answers no. */
  private probe(): void {
    const ws = this.ws;
    if (ws === null || !this.welcomed || this.silence !== null) return;
    this.pings += 1;
    if (this.send({ type: 'ping', t: this.pings })) this.expect(ws);
  }

  /** Back online, or the tab shown again: try at once instead of waiting out the back-off. */
  private listen(): void {
    if (this.listening || typeof window === 'undefined') return;
    this.listening = true;
    const now = (): void => {
      if (this.stopped) return;
      // A socket that looks open may have died meanwhile (sleep, a new network): ask it.
      if (this.welcomed) return this.probe();
      this.connect();
    };
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) this.hooks.hidden();
      else now();
    });
  }

  private scheduleReconnect(backoff: Backoff): void {
    if (this.retryTimer !== null) return;
    const delay = backoffDelay(this.retry, Math.random, backoff);
    this.retry += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }
}
