import { describe, expect, it } from 'vitest';
import type { GameView } from './game-view';
import { owedNow, statusLine } from './owed';

// A King Bolola view where seat 0 must choose a contract.
const declaring = { game: 'king-bolola', phase: 'declare', to_move: [0], deal: 1, history: [] } as unknown as GameView;

describe('what the player owes on screen', () => {
  const base = { status: 'playing' as const, settling: false, dealing: null, view: declaring, me: 0, away: false };

  it('owes the decision the view asks of this seat', () => {
    expect(owedNow(base)).toBe(true);
    expect(owedNow({ ...base, me: 1 })).toBe(false);
    expect(owedNow({ ...base, settling: true })).toBe(false);
    expect(owedNow({ ...base, dealing: 2 })).toBe(false);
  });

  it('owes nothing while a bot plays the seat (PL-5), though the view still names it', () => {
    expect(owedNow({ ...base, away: true })).toBe(false);
  });
});

describe('the status line', () => {
  const words = { spectator: 'Spectator', botPlays: 'A bot is playing for you' };

  it('is the game line for a player, said for a spectator', () => {
    expect(statusLine('Your turn', { spectator: false, away: false }, words)).toBe('Your turn');
    expect(statusLine('Turn of bo', { spectator: true, away: false }, words)).toBe('Spectator · Turn of bo');
  });

  it('says the bot plays for the player while their seat is away, never "your turn"', () => {
    expect(statusLine('Your turn', { spectator: false, away: true }, words)).toBe('A bot is playing for you');
  });
});
