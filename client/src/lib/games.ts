// The games a host can pick (PL-1): how many seats each has, and the table options a host
// may choose, each as the game defaults it and with the rule that explains it.
import type { SeatSpec, TableSpec } from './api';
import { t, type Key } from './i18n.svelte';

/** A table option a host turns on or off (PL-1): its key in the table's options and its
 * words (a name and what it changes). */
export interface Toggle {
  key: string;
  name: Key;
  help: Key;
}

export interface GameInfo {
  id: string;
  /** Seats at a quick-play table (and the table's, unless `players` offers a choice). */
  seats: number;
  /** The numbers of players a host may choose (Jolly: 2 to 4); none: always `seats`. */
  players?: readonly number[];
  /** The targets a host may choose (Jolly: 100, 250, 500); none: any number. */
  targets?: readonly number[];
  /** The seat of the host's partner, where seats play in teams (Baloot: opposite, BA-1). */
  partner?: number;
  /** The game's default options, as the server's `default_options()` gives them (a test
   * holds the two together): what the New table form starts from. Its `target`, if any, is
   * the target points (the game ends when a seat reaches them), its `players` the seats. */
  defaults: Readonly<Record<string, boolean | number>>;
  /** Where the rules explain each option of `defaults`: its rule id, which "How to play"
   * anchors (`/rules/<game>#kb-45`). */
  rules: Readonly<Record<string, string>>;
  /** The on/off options a host may choose, in the form's order: every boolean of
   * `defaults` (a test holds them together). */
  toggles: readonly Toggle[];
  name: Key;
  /** What the lobby's tile says: a line for players, a typical match against bots in
   * minutes, and three cards for its picture. */
  blurb: Key;
  minutes: number;
  picture: readonly [string, string, string];
}

export const GAMES: readonly GameInfo[] = [
  {
    id: 'king-bolola',
    seats: 4,
    // The first declarer is an option too, but the rules rank the players for it (KB-5): the
    // table sets it when the seats fill, no host chooses it.
    defaults: { 'king-under-ace': false },
    rules: { 'king-under-ace': 'KB-45' },
    toggles: [{ key: 'king-under-ace', name: 'opt_king-under-ace', help: 'optHelp_king-under-ace' }],
    name: 'gameKingBolola',
    blurb: 'blurb_king_bolola',
    minutes: 45,
    picture: ['QS', 'KH', 'AD'],
  },
  {
    id: 'hearts-trumps',
    seats: 2,
    defaults: { target: 500 },
    rules: { target: 'HT-16' },
    toggles: [],
    name: 'gameHeartsTrumps',
    blurb: 'blurb_hearts_trumps',
    minutes: 15,
    picture: ['AH', 'JK', 'KH'],
  },
  {
    id: 'baloot',
    seats: 4,
    partner: 2,
    defaults: { 'strict-trumping': false, 'hokum-kaboot-25': false },
    rules: { 'strict-trumping': 'BA-15', 'hokum-kaboot-25': 'BA-25' },
    toggles: [
      { key: 'strict-trumping', name: 'opt_strict-trumping', help: 'optHelp_strict-trumping' },
      { key: 'hokum-kaboot-25', name: 'opt_hokum-kaboot-25', help: 'optHelp_hokum-kaboot-25' },
    ],
    name: 'gameBaloot',
    blurb: 'blurb_baloot',
    minutes: 30,
    picture: ['JH', '9H', 'AS'],
  },
  {
    id: 'jolly',
    seats: 2,
    players: [2, 3, 4],
    targets: [100, 250, 500],
    defaults: { players: 4, target: 100 },
    rules: { players: 'JO-1', target: 'JO-20' },
    toggles: [],
    name: 'gameJolly',
    blurb: 'blurb_jolly',
    minutes: 20,
    picture: ['7H', 'JK', '9H'],
  },
];

const FALLBACK = GAMES[0] as GameInfo;

export function gameInfo(id: string): GameInfo {
  return GAMES.find((g) => g.id === id) ?? FALLBACK;
}

/** A game's name in the current language; an unknown game keeps its id. */
export function gameName(id: string): string {
  const g = GAMES.find((x) => x.id === id);
  return g ? t(g.name) : id;
}

/** What the other seats hold: a free seat for a human, or a bot of a level. */
export type SeatChoice = 'open' | 'beginner' | 'club' | 'expert';

/** The host's seat choices resized to a table of `seats` (the host takes seat 1). */
export function resizeChoices(choices: readonly SeatChoice[], seats: number): SeatChoice[] {
  const want = seats - 1;
  return Array.from({ length: want }, (_, i) => choices[i] ?? 'beginner');
}

/** The target points a game's tables play to unless the host picks others; null: none. */
export function defaultTarget(g: GameInfo): number | null {
  const v = g.defaults.target;
  return typeof v === 'number' ? v : null;
}

/** The players a New table starts with: the game's default (Jolly: 4, JO-1), not the quick
 * table's 2, which is a quick game against one bot. */
export function defaultPlayers(g: GameInfo): number {
  const v = g.defaults.players;
  return typeof v === 'number' ? v : g.seats;
}

/** The on/off options as a New table starts them: the game's defaults. */
export function defaultToggles(g: GameInfo): Record<string, boolean> {
  return Object.fromEntries(g.toggles.map((o) => [o.key, g.defaults[o.key] === true]));
}

/** The on/off options a listed table has on, to show where players decide to join (every
 * one is off by default, as the rules have it); options the game does not describe are
 * left out. */
export function togglesOn(id: string, options: Record<string, unknown> | undefined): Toggle[] {
  const g = GAMES.find((x) => x.id === id);
  return g ? g.toggles.filter((o) => options?.[o.key] === true) : [];
}

export interface NewTable {
  game: string;
  choices: readonly SeatChoice[];
  access: 'anyone' | 'invited';
  moveSeconds: number;
  rated: boolean;
  target: number | null;
  /** The number of players, where the game offers a choice. */
  players?: number;
  /** The on/off options the host chose; one left out keeps the game's default. */
  toggles?: Readonly<Record<string, boolean>>;
}

/** The table the form asks for, as the server takes it. */
export function tableSpec(form: NewTable): TableSpec {
  const game = gameInfo(form.game);
  const seats = game.players && form.players && game.players.includes(form.players) ? form.players : game.seats;
  const others: SeatSpec[] = resizeChoices(form.choices, seats).map((c) =>
    c === 'open' ? { kind: 'human' } : { kind: 'bot', level: c },
  );
  const spec: TableSpec = {
    game: game.id,
    seats: [{ kind: 'human' }, ...others],
    access: form.access,
    move_seconds: form.moveSeconds > 0 ? form.moveSeconds : null,
    rated: form.rated,
  };
  const options: Record<string, number | boolean> = {};
  const target = defaultTarget(game);
  if (target !== null) options.target = form.target ?? target;
  if (game.players) options.players = seats;
  for (const o of game.toggles) {
    const on = form.toggles?.[o.key];
    if (on !== undefined) options[o.key] = on;
  }
  if (Object.keys(options).length > 0) spec.options = options;
  return spec;
}

/** One click to a table against beginner bots in every other seat. */
export function quickSpec(id: string): TableSpec {
  const game = gameInfo(id);
  return tableSpec({
    game: game.id,
    choices: Array.from({ length: game.seats - 1 }, () => 'beginner' as const),
    access: 'anyone',
    moveSeconds: 0,
    rated: false,
    target: defaultTarget(game),
  });
}
