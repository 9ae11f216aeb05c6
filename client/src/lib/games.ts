// The games a host can pick (PL-1): how many seats each has and its target points, if any.
import type { SeatSpec, TableSpec } from './api';
import { t, type Key } from './i18n.svelte';

export interface GameInfo {
  id: string;
  /** Seats at a quick-play table (and the table's, unless `players` offers a choice). */
  seats: number;
  /** The numbers of players a host may choose (Jolly: 2 to 4); none: always `seats`. */
  players?: readonly number[];
  /** The targets a host may choose (Jolly: 100, 250, 500); none: any number. */
  targets?: readonly number[];
  /** The default target points (the game ends when a seat reaches them); null: no target. */
  target: number | null;
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
    target: null,
    name: 'gameKingBolola',
    blurb: 'blurb_king_bolola',
    minutes: 45,
    picture: ['QS', 'KH', 'AD'],
  },
  {
    id: 'hearts-trumps',
    seats: 2,
    target: 500,
    name: 'gameHeartsTrumps',
    blurb: 'blurb_hearts_trumps',
    minutes: 15,
    picture: ['AH', 'JK', 'KH'],
  },
  {
    id: 'baloot',
    seats: 4,
    target: null,
    name: 'gameBaloot',
    blurb: 'blurb_baloot',
    minutes: 30,
    picture: ['JH', '9H', 'AS'],
  },
  {
    id: 'jolly',
    seats: 2,
    players: [2, 3, 4],
    target: 100,
    targets: [100, 250, 500],
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

export interface NewTable {
  game: string;
  choices: readonly SeatChoice[];
  access: 'anyone' | 'invited';
  moveSeconds: number;
  rated: boolean;
  target: number | null;
  /** The number of players, where the game offers a choice. */
  players?: number;
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
  const options: Record<string, number> = {};
  if (game.target !== null) options.target = form.target ?? game.target;
  if (game.players) options.players = seats;
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
    target: game.target,
  });
}
