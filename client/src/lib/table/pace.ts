// The table's pace: the server answers at once, and the screen plays what it said at a pace
// people can follow. Each incoming update becomes a step of beats (show the view, hold the
// finished trick, collect it…); the queue runs the beats one after another, each for its
// time. It skips ahead (runs only the beats that leave the screen right, at once) when it
// falls behind, when told to (a snapshot, the player's own move, a hidden tab), or always
// when the pace is off.

export type Speed = 'normal' | 'fast' | 'off';

/** How long each kind of beat stays on screen, in milliseconds. */
export interface Timing {
  /** Another seat's card (or move) before the next one lands. */
  card: number;
  /** The player's own move before the next seat's lands. */
  own: number;
  /** A finished trick, whole, before it is collected. */
  trick: number;
  /** The trick sliding to its winner. */
  collect: number;
  /** The end of a deal before the next one is dealt. */
  dealOver: number;
  /** The cards flying from the centre to the seats. */
  deal: number;
  /** A result worth a look before the next decision (Hearts Are Trumps' battles). */
  reveal: number;
}

export const TIMING: Record<Exclude<Speed, 'off'>, Timing> = {
  normal: { card: 650, own: 350, trick: 1100, collect: 450, dealOver: 900, deal: 800, reveal: 1500 },
  fast: { card: 200, own: 120, trick: 350, collect: 150, dealOver: 250, deal: 0, reveal: 350 },
};

export function timingOf(speed: Speed): Timing {
  return TIMING[speed === 'normal' ? 'normal' : 'fast'];
}

/** One thing shown, for `ms` before the next beat. An essential beat runs even when skipped. */
export interface Beat<E> {
  effect: E;
  ms: number;
  essential: boolean;
}

export interface QueueOptions {
  /** More steps than this waiting: skip ahead to the latest. */
  maxPending: number;
  /** The oldest waiting step arrived longer ago than this: skip ahead. */
  maxLagMs: number;
  now?: () => number;
  /** Show everything at once (the pace is off, or nobody is looking). */
  instant?: () => boolean;
}

interface Step<E> {
  beats: Beat<E>[];
  at: number;
}

export class PaceQueue<E> {
  private steps: Step<E>[] = [];
  private playing: Beat<E>[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When a step pushed with `dueMs` must be on screen at the latest. */
  private due: ReturnType<typeof setTimeout> | null = null;
  private pumping = false;

  constructor(
    private readonly run: (effect: E, skipped: boolean) => void,
    private readonly opts: QueueOptions,
  ) {}

  /** Steps waiting behind the one on screen. */
  get pending(): number {
    return this.steps.length;
  }

  /** Something is on screen for its time, or waiting. */
  get busy(): boolean {
    return this.timer !== null || this.playing.length > 0 || this.steps.length > 0;
  }

  /** A step to show after those before it; `now`: show it at once (the player's own move);
   * `dueMs`: it must be on screen within this long, or the queue skips ahead to it (a
   * decision whose clock runs from the moment the server sent it). */
  push(beats: Beat<E>[], now = false, dueMs: number | null = null): void {
    const at = this.opts.now?.() ?? Date.now();
    if (now) this.skipAhead();
    if (dueMs !== null && !now) this.arm(dueMs);
    this.steps.push({ beats, at });
    const oldest = this.steps[0]?.at ?? at;
    if (this.opts.instant?.() || this.steps.length > this.opts.maxPending || at - oldest > this.opts.maxLagMs) {
      this.skipAhead();
      return;
    }
    this.pump();
  }

  /** Everything still to show, at once: only its essential beats run. */
  skipAhead(): void {
    this.stop();
    const rest = [...this.playing, ...this.steps.flatMap((s) => s.beats)];
    this.playing = [];
    this.steps = [];
    for (const b of rest) if (b.essential) this.run(b.effect, true);
  }

  /** A new start (a snapshot): what is waiting is skipped, then `effects` run. */
  jump(effects: readonly E[]): void {
    this.skipAhead();
    for (const e of effects) this.run(e, true);
  }

  /** Forget everything (the table was left). */
  clear(): void {
    this.stop();
    this.playing = [];
    this.steps = [];
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.due !== null) clearTimeout(this.due);
    this.due = null;
  }

  /** Skip ahead in `ms` if anything is still to show by then (the earliest such wins). */
  private arm(ms: number): void {
    if (this.due !== null) return;
    this.due = setTimeout(() => {
      this.due = null;
      if (this.busy) this.skipAhead();
    }, ms);
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.timer === null) {
        const beat = this.playing.shift();
        if (beat === undefined) {
          const next = this.steps.shift();
          if (next === undefined) return;
          this.playing = [...next.beats];
          continue;
        }
        this.run(beat.effect, false);
        if (beat.ms > 0) {
          this.timer = setTimeout(() => {
            this.timer = null;
            this.pump();
          }, beat.ms);
        }
      }
    } finally {
      this.pumping = false;
    }
  }
}
