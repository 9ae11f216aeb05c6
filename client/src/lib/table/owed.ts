// What the player owes on screen, and what the bar's status line says around the game's
// own line: a decision is owed only while this seat plays itself. Once its move time ran
// out a bot plays it (PL-5) until "I'm back": the chooser or the playable hand left open
// then would ask for a move the bot makes, and "your turn" would be a false promise.
import { owes, type GameView } from './game-view';

export interface OwedInput {
  status: 'open' | 'playing' | 'over' | null;
  /** The screen is catching up inside an update, or dealing: no decision yet. */
  settling: boolean;
  dealing: number | null;
  view: GameView | null;
  me: number | null;
  /** This seat is played by a bot (timed out, or left) until the player is back. */
  away: boolean;
}

/** The player owes a decision now, on screen. */
export function owedNow(p: OwedInput): boolean {
  return p.status === 'playing' && !p.away && !p.settling && p.dealing === null && owes(p.view, p.me);
}

/** Who the status line speaks for besides the game's own line. */
export interface StatusFor {
  /** No seat: a spectator. */
  spectator: boolean;
  /** This seat is played by a bot until the player is back. */
  away: boolean;
}

/**
 * The bar's status: the game's own line, said for a spectator ("Spectator · …"), or,
 * while a bot plays this seat, that the bot is playing (the game's line would say
 * "your turn" when it is the bot's).
 */
export function statusLine(line: string, who: StatusFor, words: { spectator: string; botPlays: string }): string {
  if (who.away) return words.botPlays;
  return who.spectator ? `${words.spectator} · ${line}` : line;
}
