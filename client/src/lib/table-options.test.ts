import { describe, expect, it } from 'vitest';
import {
  GAMES,
  defaultPlayers,
  defaultTarget,
  defaultToggles,
  gameInfo,
  quickSpec,
  tableSpec,
  togglesOn,
} from './games';
import { LANGS, t } from './i18n.svelte';
import { rulesText } from './rules';

// The New table form offers every option a game's tables accept (PL-1), each starting at
// the game's default; tests/test_lobby_options.py holds `defaults` to the server's.
describe("the New table form's options", () => {
  it('starts Jolly at its default of 4 players, not the quick table of 2 (JO-1)', () => {
    const jolly = gameInfo('jolly');
    expect(defaultPlayers(jolly)).toBe(4);
    expect(quickSpec('jolly').seats).toHaveLength(2);
    expect(defaultPlayers(gameInfo('hearts-trumps'))).toBe(2);
  });

  it.each(GAMES.map((g) => g.id))('has a control for every option %s accepts', (id) => {
    const g = gameInfo(id);
    for (const [key, value] of Object.entries(g.defaults)) {
      if (typeof value === 'boolean') {
        expect(g.toggles.map((o) => o.key), key).toContain(key);
      } else if (key === 'players') {
        expect(g.players, key).toContain(value);
      } else {
        expect(key).toBe('target');
        expect(defaultTarget(g)).toBe(value);
        if (g.targets) expect(g.targets).toContain(value);
      }
    }
    for (const o of g.toggles) expect(typeof g.defaults[o.key], o.key).toBe('boolean');
    expect(defaultToggles(g)).toEqual(Object.fromEntries(g.toggles.map((o) => [o.key, g.defaults[o.key]])));
  });

  it('offers the options the rules promise: king-under-ace, strict-trumping, hokum-kaboot-25', () => {
    const keys = (id: string): string[] => gameInfo(id).toggles.map((o) => o.key);
    expect(keys('king-bolola')).toEqual(['king-under-ace']);
    expect(keys('baloot')).toEqual(['strict-trumping', 'hokum-kaboot-25']);
  });

  it.each(GAMES.map((g) => g.id))("explains each of %s's options with a rule id its rules define", async (id) => {
    const g = gameInfo(id);
    // Words only: a sentence may wrap anywhere in the file.
    const rules = ((await rulesText(id, 'en')) ?? '').replace(/\s+/g, ' ');
    expect(Object.keys(g.rules).sort()).toEqual(Object.keys(g.defaults).sort());
    for (const [key, rule] of Object.entries(g.rules)) {
      expect(rules, `${key}: ${rule}`).toContain(`**${rule}.**`);
    }
    // An on/off option is named in the rules as a table option, in both languages' files.
    for (const o of g.toggles) {
      expect(rules).toContain(`Table option \`${o.key}\``);
      expect((await rulesText(id, 'es')) ?? '').toContain(`\`${o.key}\``);
    }
  });

  it.each(LANGS.map((l) => l.lang))('names and explains every on/off option in %s', (lang) => {
    for (const o of GAMES.flatMap((g) => g.toggles)) {
      const name = t(o.name, {}, lang);
      const help = t(o.help, {}, lang);
      expect(name).not.toBe(o.name);
      expect(help).not.toBe(o.help);
      expect(help.length).toBeGreaterThan(name.length);
    }
  });

  it('asks the server for the options the host chose, and none for a quick table', () => {
    const form = { game: 'baloot', choices: [], access: 'anyone' as const, moveSeconds: 0, rated: false, target: null };
    const spec = tableSpec({ ...form, toggles: { 'strict-trumping': true, 'hokum-kaboot-25': false } });
    expect(spec.options).toEqual({ 'strict-trumping': true, 'hokum-kaboot-25': false });
    expect(spec.seats).toHaveLength(4);
    expect(tableSpec({ ...form, game: 'king-bolola', toggles: { 'king-under-ace': true, nope: true } }).options).toEqual({
      'king-under-ace': true,
    });
    expect(quickSpec('baloot').options).toBeUndefined();
  });

  it('shows a listed table the options it has on, and nothing it does not know', () => {
    const on = togglesOn('baloot', { 'strict-trumping': false, 'hokum-kaboot-25': true, other: true });
    expect(on.map((o) => o.key)).toEqual(['hokum-kaboot-25']);
    expect(togglesOn('king-bolola', { 'king-under-ace': true, 'first-declarer': 2 }).map((o) => o.key)).toEqual([
      'king-under-ace',
    ]);
    expect(togglesOn('baloot', undefined)).toEqual([]);
    expect(togglesOn('no-such-game', { 'strict-trumping': true })).toEqual([]);
  });
});
