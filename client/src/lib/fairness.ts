// Deals anyone can verify (docs/fairness.md, version 2), checked by the browser itself
// with Web Crypto: each revealed deal seed hashes back to the table's commitment, the
// deck the server revealed is the one the seeds shuffle to, and every card this seat
// was shown in a deal is one that deck gave it.

/** The `fairness` part of a snapshot, a catchup or a `fairness` message. */
export interface FairnessFrame {
  version: number;
  commitment: string;
  /** By seat; null until the match starts. */
  client_seeds: string[] | null;
  /** The seeds of the deals over, deal 1 first. */
  seeds: (string | null)[];
  /** The last deal over's deck in deal order, as the server says it was. */
  deck: string[] | null;
}

export type Problem = 'commitment' | 'seed' | 'deck' | 'hand';

/** What the check found: every deal over so far verified, or the first that was not. */
export type Verdict = { ok: true; deals: number } | { ok: false; deal: number; problem: Problem };

/** A seat's hands as shown during one deal, with what the deal's dealing depends on. */
export interface SeenDeal {
  hands: string[][];
  /** The dealer, for games whose dealing starts after them (Baloot); null when unknown. */
  dealer: number | null;
}

const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';

function suits(low: string): string[] {
  const ranks = RANKS.slice(RANKS.indexOf(low));
  return [...SUITS].flatMap((s) => [...ranks].map((r) => r + s));
}

/** The game's canonical deck (docs/fairness.md), by card text; null for a game it does not know. */
export function canonicalDeck(game: string): string[] | null {
  switch (game) {
    case 'king-bolola':
      return suits('2');
    case 'baloot':
      return suits('7');
    case 'hearts-trumps':
      return [...suits('2'), 'JK', 'JK'];
    case 'jolly':
      return [
        ...suits('2').map((c) => c + '1'),
        ...suits('2').map((c) => c + '2'),
        ...[1, 2, 3, 4, 5, 6].map((n) => `JK${n}`),
      ];
    default:
      return null;
  }
}

/**
 * The cards a deck (in deal order) may have given `seat`, for the game's dealing rule; null
 * where a seat's cards cannot be told from the deck alone (Jolly draws from the stock).
 */
export function mayHold(game: string, deck: readonly string[], seat: number, dealer: number | null): Set<string> | null {
  switch (game) {
    case 'king-bolola': // KB-4: 13 a seat, seat 0 first
      return new Set(deck.slice(13 * seat, 13 * seat + 13));
    case 'hearts-trumps': {
      // HT-4: rounds of 6, 6, 6, 6 and 3, seat 0's before seat 1's.
      const out = new Set<string>();
      let at = 0;
      for (const size of [6, 6, 6, 6, 3]) {
        deck.slice(at + seat * size, at + (seat + 1) * size).forEach((c) => out.add(c));
        at += 2 * size;
      }
      return out;
    }
    case 'baloot': {
      // BA-10: cards 1-20 five at a time from the player after the dealer; the rest
      // (the bid card, the second part) may go to anyone.
      if (dealer === null) return null;
      const turn = (seat - dealer - 1 + 4) % 4;
      return new Set([...deck.slice(5 * turn, 5 * turn + 5), ...deck.slice(20)]);
    }
    default:
      return null;
  }
}

export function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`not hex: ${hex}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function bytesHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** A new client seed: 16 random bytes in hex. */
export function newClientSeed(): string {
  return bytesHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** The first deal (1-based) whose seed does not hash to the one before it, or null. */
export async function brokenLink(commitment: string, seeds: readonly string[]): Promise<number | null> {
  let previous = commitment.toLowerCase();
  for (const [k, seed] of seeds.entries()) {
    if (!/^[0-9a-fA-F]{64}$/.test(seed) || (await sha256Hex(hexBytes(seed))) !== previous) return k + 1;
    previous = seed.toLowerCase();
  }
  return null;
}

/** Fisher-Yates from the top, driven by the deal's HMAC-SHA256 counter stream. */
export async function shuffle<T>(
  cards: readonly T[],
  dealSeed: string,
  clientSeeds: readonly string[],
  salt = '',
): Promise<T[]> {
  const key = await crypto.subtle.importKey('raw', hexBytes(dealSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const prefix = clientSeeds.join('|') + (salt ? `|${salt}` : '');
  const encoder = new TextEncoder();
  let words: number[] = [];
  let block = 0;
  const word = async (): Promise<number> => {
    if (words.length === 0) {
      const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${prefix}|${block}`));
      const view = new DataView(mac);
      words = Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i, false));
      block += 1;
    }
    return words.shift() as number;
  };
  const below = async (n: number): Promise<number> => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const w = await word();
      if (w < limit) return w % n;
    }
  };
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = await below(i + 1);
    const top = out[i] as T;
    out[i] = out[j] as T;
    out[j] = top;
  }
  return out;
}

function sameDeck(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/**
 * Check what a table revealed: the seed chain, the last deal's deck, and the cards this
 * seat was shown in each deal over (`seen`, by deal number). `decks` caches recomputed
 * decks by deal. Null while there is nothing to check yet (no deal over).
 */
export async function verify(
  frame: FairnessFrame,
  game: string,
  seat: number | null,
  seen: ReadonlyMap<number, SeenDeal>,
  decks: Map<number, string[]> = new Map(),
): Promise<Verdict | null> {
  const canonical = canonicalDeck(game);
  const clientSeeds = frame.client_seeds;
  const seeds = frame.seeds.filter((s): s is string => typeof s === 'string');
  if (!canonical || !clientSeeds || seeds.length === 0) return null;
  const broken = await brokenLink(frame.commitment, seeds);
  if (broken !== null) return { ok: false, deal: broken, problem: broken === 1 ? 'commitment' : 'seed' };
  const deckOf = async (k: number): Promise<string[]> => {
    let deck = decks.get(k);
    if (!deck) {
      deck = await shuffle(canonical, seeds[k - 1] ?? '', clientSeeds);
      decks.set(k, deck);
    }
    return deck;
  };
  const last = seeds.length;
  if (frame.deck && !sameDeck(frame.deck, await deckOf(last))) return { ok: false, deal: last, problem: 'deck' };
  if (seat !== null) {
    for (const [k, deal] of [...seen].sort((a, b) => a[0] - b[0])) {
      if (k < 1 || k > last) continue;
      const allowed = mayHold(game, await deckOf(k), seat, deal.dealer);
      if (allowed && deal.hands.some((hand) => hand.some((c) => !allowed.has(c)))) {
        return { ok: false, deal: k, problem: 'hand' };
      }
    }
  }
  return { ok: true, deals: last };
}
