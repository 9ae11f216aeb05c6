import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaceQueue, TIMING, type Beat } from './pace';

type Log = string[];

function queue(log: Log, opts: { instant?: () => boolean; maxPending?: number; maxLagMs?: number } = {}): PaceQueue<string> {
  return new PaceQueue<string>((e, skipped) => log.push(skipped ? `${e}!` : e), {
    maxPending: opts.maxPending ?? 8,
    maxLagMs: opts.maxLagMs ?? 10_000,
    now: () => Date.now(),
    instant: opts.instant,
  });
}

const card = (name: string, ms = TIMING.normal.card): Beat<string>[] => [{ effect: name, ms, essential: true }];

/** A trick's last card: shown, held whole, collected, then gone. */
const lastCard = (name: string): Beat<string>[] => [
  { effect: name, ms: 0, essential: true },
  { effect: 'hold', ms: TIMING.normal.trick, essential: false },
  { effect: 'collect', ms: TIMING.normal.collect, essential: false },
  { effect: 'settled', ms: 0, essential: true },
];

describe('the pace queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("spaces the bots' cards so each is seen landing", () => {
    const log: Log = [];
    const q = queue(log);
    // Three bots answer at once; the screen shows one card every 650 ms.
    q.push(card('bot1'));
    q.push(card('bot2'));
    q.push(card('bot3'));
    expect(log).toEqual(['bot1']);
    vi.advanceTimersByTime(649);
    expect(log).toEqual(['bot1']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['bot1', 'bot2']);
    vi.advanceTimersByTime(650);
    expect(log).toEqual(['bot1', 'bot2', 'bot3']);
    vi.advanceTimersByTime(650);
    expect(q.busy).toBe(false);
  });

  it('holds a finished trick, collects it, and only then shows what follows', () => {
    const log: Log = [];
    const q = queue(log);
    q.push(lastCard('bot3'));
    q.push(card('your turn'));
    expect(log).toEqual(['bot3', 'hold']);
    vi.advanceTimersByTime(TIMING.normal.trick);
    expect(log).toEqual(['bot3', 'hold', 'collect']);
    vi.advanceTimersByTime(TIMING.normal.collect - 1);
    expect(log).not.toContain('your turn');
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['bot3', 'hold', 'collect', 'settled', 'your turn']);
  });

  it("shows the player's own move at once, skipping what waits before it", () => {
    const log: Log = [];
    const q = queue(log);
    q.push(lastCard('bot3'));
    q.push(card('bot0'));
    expect(log).toEqual(['bot3', 'hold']);
    q.push(card('mine', TIMING.normal.own), true);
    // The held trick's essential end and the waiting card ran at once, then the move.
    expect(log).toEqual(['bot3', 'hold', 'settled!', 'bot0!', 'mine']);
    q.push(card('next'));
    vi.advanceTimersByTime(TIMING.normal.own);
    expect(log.at(-1)).toBe('next');
  });

  it('skips ahead when it falls behind by more than a few updates', () => {
    const log: Log = [];
    const q = queue(log, { maxPending: 3 });
    q.push(card('a'));
    q.push(card('b'));
    q.push(card('c'));
    q.push(card('d'));
    expect(log).toEqual(['a']);
    q.push(card('e')); // four waiting: more than three
    expect(log).toEqual(['a', 'b!', 'c!', 'd!', 'e!']);
    expect(q.busy).toBe(false);
  });

  it('skips ahead when the oldest waiting update is too old', () => {
    const log: Log = [];
    const q = queue(log, { maxLagMs: 1000 });
    q.push(lastCard('x')); // 1.55 s on screen: y waits behind it
    q.push(card('y'));
    vi.advanceTimersByTime(500);
    expect(log).toEqual(['x', 'hold']);
    // A new update arriving 501 ms later finds y 1001 ms old: the queue skips ahead.
    vi.advanceTimersByTime(501);
    expect(log).toEqual(['x', 'hold']);
    q.push(card('z'));
    expect(log).toContain('y!');
    expect(log.at(-1)).toBe('z!');
  });

  it('shows everything at once when the pace is off or the tab is hidden', () => {
    const log: Log = [];
    let off = true;
    const q = queue(log, { instant: () => off });
    q.push(lastCard('a'));
    q.push(card('b'));
    expect(log).toEqual(['a!', 'settled!', 'b!']);
    expect(q.busy).toBe(false);
    off = false;
    q.push(card('c'));
    q.push(card('d'));
    expect(log.at(-1)).toBe('c');
    q.skipAhead(); // the tab was hidden
    expect(log.at(-1)).toBe('d!');
  });

  it('jumps to a snapshot, dropping nothing essential', () => {
    const log: Log = [];
    const q = queue(log);
    q.push(lastCard('a'));
    q.push(card('b'));
    q.jump(['snapshot']);
    expect(log).toEqual(['a', 'hold', 'settled!', 'b!', 'snapshot!']);
    vi.advanceTimersByTime(5000);
    expect(log.at(-1)).toBe('snapshot!');
  });

  it('forgets everything when cleared', () => {
    const log: Log = [];
    const q = queue(log);
    q.push(card('a'));
    q.push(card('b'));
    q.clear();
    vi.advanceTimersByTime(5000);
    expect(log).toEqual(['a']);
    expect(q.busy).toBe(false);
  });

  it('runs fast when asked: a card every 200 ms', () => {
    const log: Log = [];
    const q = queue(log);
    q.push(card('a', TIMING.fast.card));
    q.push(card('b', TIMING.fast.card));
    vi.advanceTimersByTime(199);
    expect(log).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['a', 'b']);
  });

  it("skips ahead to a step that is due (the player's clock runs meanwhile)", () => {
    const log: Log = [];
    const q = queue(log);
    q.push(lastCard('bot3'));
    q.push(card('your turn'), false, 500);
    expect(log).toEqual(['bot3', 'hold']);
    vi.advanceTimersByTime(499);
    expect(log).not.toContain('your turn');
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['bot3', 'hold', 'settled!', 'your turn!']);
    expect(q.busy).toBe(false);
  });
});
