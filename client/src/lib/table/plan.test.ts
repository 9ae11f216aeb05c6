import { describe, expect, it } from 'vitest';
import { finishedTrick, type KingBololaView } from '../view';
import { tagView, viewOf, type GameView } from './game-view';
import { TIMING } from './pace';
import { planUpdate, type PaceHooks, type Shown } from './plan';

function kb(over: Partial<KingBololaView> = {}): GameView {
  const base: KingBololaView = {
    game: 'king-bolola',
    seat: 0,
    deal: 1,
    declarer: 0,
    phase: 'play',
    to_move: [1],
    legal: [],
    hand: ['2S'],
    hand_counts: [1, 1, 1, 1],
    contract: 'queens',
    trump: null,
    trick: null,
    tricks: [],
    points: [0, 0, 0, 0],
    tricks_won: [0, 0, 0, 0],
    totals: [0, 0, 0, 0],
    offered: [],
    quota_left: {},
    history: [],
    options: {},
  };
  const v = tagView({ ...base, ...over }, null);
  if (!v) throw new Error('not a view');
  return v;
}

const hooks: PaceHooks = {
  trick: (events, before, after) => finishedTrick(events, viewOf(before, 'king-bolola'), viewOf(after, 'king-bolola')),
  reveals: (events) => events.some((e) => e.startsWith('battle')),
};

const shown = (view: GameView, events: string[]): Shown => ({ version: 2, events, view, clock: null });
const kinds = (beats: { effect: { kind: string }; ms: number }[]): string[] => beats.map((b) => `${b.effect.kind}:${b.ms}`);

describe('planning an update', () => {
  it("gives another seat's card its time, and the player's own a shorter one", () => {
    const before = kb();
    const after = kb({ trick: { leader: 1, cards: ['3S'], winner: null, points: 0 } });
    const base = { before, speed: 'normal' as const, animateDeal: true, hooks };
    expect(kinds(planUpdate({ ...base, shown: shown(after, ['play 1 3S']), own: false }))).toEqual([`show:${TIMING.normal.card}`]);
    expect(kinds(planUpdate({ ...base, shown: shown(after, ['play 0 3S']), own: true }))).toEqual([`show:${TIMING.normal.own}`]);
  });

  it('holds the finished trick with its leader, then collects it', () => {
    const before = kb({ trick: { leader: 2, cards: ['4H', '5H', '6H'], winner: null, points: 0 } });
    const after = kb({ to_move: [0], tricks: [{ leader: 2, cards: ['4H', '5H', '6H', '7H'], winner: 1, points: 0 }] });
    const beats = planUpdate({
      shown: shown(after, ['play 1 7H', 'trick 1 to 1 [4H 5H 6H 7H] +0']),
      before,
      own: false,
      speed: 'normal',
      animateDeal: true,
      hooks,
    });
    expect(kinds(beats)).toEqual(['show:0', `hold:${TIMING.normal.trick}`, `collect:${TIMING.normal.collect}`, 'settled:0']);
    const first = beats[0]?.effect;
    expect(first?.kind === 'show' && first.settling).toBe(true);
    const hold = beats[1]?.effect;
    expect(hold?.kind === 'hold' ? hold.trick : null).toEqual({ leader: 2, cards: ['4H', '5H', '6H', '7H'], winner: 1, points: 0 });
    expect(beats.filter((b) => b.essential).map((b) => b.effect.kind)).toEqual(['show', 'settled']);
  });

  it("ends a deal: the last trick on that deal's table, the deal's summary, then the next deal dealt", () => {
    const before = kb({ deal: 1, hand: ['5C'], to_move: [0], legal: ['5C'], trick: { leader: 1, cards: ['2C', '3C', '4C'], winner: null, points: 0 } });
    const after = kb({
      deal: 2,
      phase: 'declare',
      hand: ['2S', '3S', 'AH'],
      history: [{ deal: 1, declarer: 0, contract: 'queens', trump: null, points: [0, 0, 0, 0], tricks_played: 13 }],
    });
    const events = ['play 0 5C', 'trick 13 to 3 [2C 3C 4C 5C] +0', 'deal over after 13 tricks [0, 0, 0, 0]', 'deal 2 declarer 1'];
    const beats = planUpdate({ shown: shown(after, events), before, own: true, speed: 'normal', animateDeal: true, hooks });
    expect(kinds(beats)).toEqual([
      'show:0',
      `hold:${TIMING.normal.trick}`,
      `collect:${TIMING.normal.collect}`,
      'show:0',
      `dealOver:${TIMING.normal.dealOver}`,
      `deal:${TIMING.normal.deal}`,
      'settled:0',
    ]);
    // The trick lands on deal 1: its hand without the card just played, nobody to move.
    const last = beats[0]?.effect;
    const lastView = last?.kind === 'show' ? last.shown.view : null;
    expect(lastView).toMatchObject({ deal: 1, hand: [], to_move: [], legal: [] });
    expect(last?.kind === 'show' && last.settling).toBe(true);
    expect(last?.kind === 'show' ? last.shown.events : []).toEqual(events); // its sound
    // Deal 2 shows once the trick has gone, its events not heard twice.
    const next = beats[3]?.effect;
    expect(next?.kind === 'show' ? next.shown.view : null).toBe(after);
    expect(next?.kind === 'show' ? next.shown.events : null).toEqual([]);
    // Skipped, only deal 2 and what leaves the screen right.
    expect(beats.filter((b) => b.essential).map((b) => b.effect.kind)).toEqual(['show', 'dealOver', 'settled']);
    const fast = planUpdate({ shown: shown(after, events), before, own: false, speed: 'fast', animateDeal: false, hooks });
    expect(kinds(fast)).toEqual([
      'show:0',
      `hold:${TIMING.fast.trick}`,
      `collect:${TIMING.fast.collect}`,
      'show:0',
      `dealOver:${TIMING.fast.dealOver}`,
      'settled:0',
    ]);
  });

  it('gives a revealed result a look before the next decision', () => {
    const before = kb();
    const after = kb();
    const beats = planUpdate({ shown: shown(after, ['battle A 0 JK 1 KH won 0 joker']), before, own: true, speed: 'normal', animateDeal: true, hooks });
    expect(kinds(beats)).toEqual(['show:0', `wait:${TIMING.normal.reveal}`, 'settled:0']);
  });

  it('plans no deal-over for the first view it sees', () => {
    const after = kb({ history: [{ deal: 1, declarer: 0, contract: 'queens', trump: null, points: [0, 0, 0, 0], tricks_played: 13 }] });
    const beats = planUpdate({ shown: shown(after, []), before: null, own: false, speed: 'normal', animateDeal: true, hooks });
    expect(kinds(beats)).toEqual([`show:${TIMING.normal.card}`]);
  });
});
