import { describe, expect, it } from 'vitest';
import {
  brokenLink,
  canonicalDeck,
  mayHold,
  newClientSeed,
  sha256Hex,
  hexBytes,
  shuffle,
  verify,
  type FairnessFrame,
  type SeenDeal,
} from './fairness';

// docs/fairness.md's example: top = 32 zero bytes, N = 3, client seeds alice and bot:1.
const COMMITMENT = '12771355e46cd47c71ed1721fd5319b383cca3a1f9fce3aa1c8cd3bd37af20d7';
const S1 = '2b32db6c2c0a6235fb1397e8225ea85e0f0e6e8c7b126d0016ccbde0e667151e';
const S2 = '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925';
const CLIENT = ['alice', 'bot:1'];
// The whole of deal 1's King Bolola deck, as bolola.fairness computes it.
const DECK1 =
  'QD 6D QS 7H 6H QH 3C TH 5D 3S 6C TD JD QC 2C 4S 7D 4H 5H 5C 5S 4C KH 8D KS 9C 2D JH 7S AH KC 6S 4D 9D 8S JS 2H KD JC 8H TC 8C AC AD 9S 3D 3H 9H 2S TS AS 7C'.split(
    ' ',
  );

function frame(over: Partial<FairnessFrame> = {}): FairnessFrame {
  return { version: 2, commitment: COMMITMENT, client_seeds: CLIENT, seeds: [S1], deck: DECK1, ...over };
}

function flip(hex: string): string {
  return (hex[0] === '0' ? '1' : '0') + hex.slice(1);
}

describe('fair deals in the browser (docs/fairness.md)', () => {
  it('gives the documented example: the chain and deal 1 deck', async () => {
    expect(await sha256Hex(hexBytes(S1))).toBe(COMMITMENT);
    expect(await sha256Hex(hexBytes(S2))).toBe(S1);
    expect(await shuffle(canonicalDeck('king-bolola')!, S1, CLIENT)).toEqual(DECK1);
    expect((await shuffle(canonicalDeck('baloot')!, S2, CLIENT)).slice(0, 8)).toEqual(
      'JD 9H AS KC 9S 7C AH 7D'.split(' '),
    );
  });

  it('draws a reshuffle from its own salted stream', async () => {
    const pile = ['2S1', '7C1', '2S2', 'KH2', 'JK3'];
    expect(await shuffle(pile, S1, CLIENT, 'reshuffle:1')).toEqual(['JK3', '2S1', '7C1', '2S2', 'KH2']);
  });

  it('knows every game canonical deck', () => {
    expect(canonicalDeck('king-bolola')!.slice(0, 3)).toEqual(['2S', '3S', '4S']);
    expect(canonicalDeck('baloot')).toHaveLength(32);
    expect(canonicalDeck('hearts-trumps')!.slice(-3)).toEqual(['AC', 'JK', 'JK']);
    expect(canonicalDeck('jolly')!.slice(50, 54)).toEqual(['KC1', 'AC1', '2S2', '3S2']);
    expect(canonicalDeck('jolly')).toHaveLength(110);
    expect(canonicalDeck('chess')).toBeNull();
  });

  it('finds the first broken link of the chain', async () => {
    expect(await brokenLink(COMMITMENT, [S1, S2])).toBeNull();
    expect(await brokenLink(flip(COMMITMENT), [S1, S2])).toBe(1);
    expect(await brokenLink(COMMITMENT, [S1, flip(S2)])).toBe(2);
    expect(await brokenLink(COMMITMENT, [S2])).toBe(1);
    expect(await brokenLink(COMMITMENT, ['not hex'])).toBe(1);
  });

  it('verifies an honest reveal and the hand this seat was shown', async () => {
    const seen = new Map<number, SeenDeal>([[1, { hands: [DECK1.slice(13, 26), DECK1.slice(14, 26)], dealer: null }]]);
    expect(await verify(frame(), 'king-bolola', 1, seen)).toEqual({ ok: true, deals: 1 });
    expect(await verify(frame({ seeds: [S1, S2], deck: null }), 'king-bolola', null, new Map())).toEqual({
      ok: true,
      deals: 2,
    });
  });

  it('names a tampered commitment, seed, deck, client seed or hand', async () => {
    const none = new Map<number, SeenDeal>();
    expect(await verify(frame({ commitment: flip(COMMITMENT) }), 'king-bolola', 0, none)).toEqual({
      ok: false,
      deal: 1,
      problem: 'commitment',
    });
    expect(await verify(frame({ seeds: [S1, flip(S2)], deck: null }), 'king-bolola', 0, none)).toEqual({
      ok: false,
      deal: 2,
      problem: 'seed',
    });
    const swapped = [DECK1[1]!, DECK1[0]!, ...DECK1.slice(2)];
    expect(await verify(frame({ deck: swapped }), 'king-bolola', 0, none)).toEqual({
      ok: false,
      deal: 1,
      problem: 'deck',
    });
    expect(await verify(frame({ client_seeds: ['mallory', 'bot:1'] }), 'king-bolola', 0, none)).toEqual({
      ok: false,
      deal: 1,
      problem: 'deck',
    });
    // Seat 0 was shown a card the deck gave seat 1.
    const dealt = new Map<number, SeenDeal>([[1, { hands: [[...DECK1.slice(0, 12), DECK1[13]!]], dealer: null }]]);
    expect(await verify(frame(), 'king-bolola', 0, dealt)).toEqual({ ok: false, deal: 1, problem: 'hand' });
  });

  it('has nothing to say before a deal is over, or for a game it does not know', async () => {
    const none = new Map<number, SeenDeal>();
    expect(await verify(frame({ seeds: [], deck: null }), 'king-bolola', 0, none)).toBeNull();
    expect(await verify(frame({ client_seeds: null }), 'king-bolola', 0, none)).toBeNull();
    expect(await verify(frame(), 'test-toy', 0, none)).toBeNull();
  });

  it('knows which cards each game deals a seat', () => {
    const deck = canonicalDeck('hearts-trumps')!;
    const seat1 = mayHold('hearts-trumps', deck, 1, null)!;
    expect(seat1.size).toBe(26); // 27 cards, the two jokers alike
    expect(seat1.has(deck[6]!) && !seat1.has(deck[0]!)).toBe(true);
    const baloot = canonicalDeck('baloot')!;
    // Dealer 3: seat 0 gets cards 1-5, seat 2 cards 11-15, and any of 21-32.
    expect([...mayHold('baloot', baloot, 2, 3)!].slice(0, 5)).toEqual(baloot.slice(10, 15));
    expect(mayHold('baloot', baloot, 2, 3)!.has(baloot[0]!)).toBe(false);
    expect(mayHold('baloot', baloot, 2, null)).toBeNull();
    expect(mayHold('jolly', canonicalDeck('jolly')!, 0, 1)).toBeNull();
  });

  it('makes a fresh 32-hex-digit client seed each time', () => {
    const a = newClientSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientSeed()).not.toBe(a);
  });
});
