import { describe as suite, expect, it } from 'vitest';
import { describe, fromKey, ordered, type Achievement } from './achievements';
import { feats, phrases } from './lang/achievements';

const ach = (extra: Partial<Achievement>): Achievement => ({
  key: 'first-win',
  kind: 'wins',
  game: null,
  goal: 1,
  count: 0,
  unlocked_at: null,
  ...extra,
});

suite('achievements', () => {
  it('names across-game, per-game, league and feat achievements in each language', () => {
    expect(describe(ach({}), 'en').title).toBe('First win');
    expect(describe(ach({ key: 'matches-10', kind: 'matches', goal: 10, count: 3 }), 'es')).toEqual({
      title: '10 partidas',
      how: 'Termina 10 partidas.',
      status: '3 de 10',
    });
    expect(describe(ach({ key: 'jolly:first-win', game: 'jolly' }), 'en').title).toBe('First win at Jolly');
    expect(describe(ach({ key: 'baloot:gold', kind: 'league', game: 'baloot' }), 'en').title).toBe(
      'Gold league at Baloot',
    );
    const feat = ach({ key: 'jolly:mano-jolly', kind: 'feat', game: 'jolly' });
    expect(describe(feat, 'ar').title).toBe('مانو جولي');
  });

  it('says when an achievement was unlocked instead of its progress', () => {
    const done = ach({ count: 1, unlocked_at: '2026-11-30T10:00:00+00:00' });
    expect(describe(done, 'en').status).toMatch(/^Unlocked on .*2026/);
  });

  it('shows an unknown feat by its key rather than failing', () => {
    expect(describe(ach({ key: 'new-game:odd', kind: 'feat' }), 'en').title).toBe('new-game:odd');
  });

  it('puts the newest unlocked first, then the nearest to their goal', () => {
    const list = [
      ach({ key: 'a', goal: 10, count: 2 }),
      ach({ key: 'b', unlocked_at: '2026-11-01T00:00:00Z' }),
      ach({ key: 'c', goal: 10, count: 9 }),
      ach({ key: 'd', unlocked_at: '2026-11-20T00:00:00Z' }),
    ];
    expect(ordered(list).map((a) => a.key)).toEqual(['d', 'b', 'c', 'a']);
  });

  it("reads what an over frame's key says", () => {
    expect(fromKey('first-win')).toMatchObject({ kind: 'wins', game: null, goal: 1 });
    expect(fromKey('matches-50')).toMatchObject({ kind: 'matches', goal: 50 });
    expect(fromKey('streak-7')).toMatchObject({ kind: 'streak', goal: 7 });
    expect(fromKey('baloot:first-win')).toMatchObject({ kind: 'wins', game: 'baloot' });
    expect(fromKey('jolly:gold')).toMatchObject({ kind: 'league', game: 'jolly' });
    expect(fromKey('hearts-trumps:bonus-59')).toMatchObject({ kind: 'feat', goal: 1 });
    expect(describe(fromKey('hearts-trumps:bonus-59'), 'en').title).toBe('The 59 bonus');
  });

  it('has every phrase and every feat in every language', () => {
    for (const lang of ['en', 'ar'] as const) {
      expect(Object.keys(phrases[lang]).sort()).toEqual(Object.keys(phrases.es).sort());
      expect(Object.keys(feats[lang]).sort()).toEqual(Object.keys(feats.es).sort());
    }
  });
});
