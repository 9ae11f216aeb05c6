import { describe, expect, it } from 'vitest';
import {
  EMPTY_SLOTS,
  actionOf,
  assign,
  barScale,
  battleReason,
  bonusText,
  cardsToPlace,
  dealScore,
  keepHeld,
  leader,
  lootPoints,
  lootSum,
  lootValue,
  parseHtEvent,
  parsePlacement,
  placementText,
  progressPercent,
  roundOf,
  sortHtHand,
  unassign,
  unplaced,
  type HtDeal,
  type HtView,
} from './hearts-trumps';
import { t } from './i18n.svelte';

describe('hearts-trumps placing', () => {
  it('writes and reads the action text LOOT/ATTACKER/DEFENDER', () => {
    expect(placementText({ loot: '2S', attacker: 'JK', defender: 'KH' })).toBe('2S/JK/KH');
    expect(parsePlacement('2S/JK/KH')).toEqual({ loot: '2S', attacker: 'JK', defender: 'KH' });
    expect(parsePlacement('2S/JK')).toBeNull();
    expect(parsePlacement('2S//KH')).toBeNull();
  });

  it('sends a placement only when every slot is filled and the server lists it', () => {
    const legal = ['2S/JK/KH', 'JK/2S/KH'];
    let slots = assign(EMPTY_SLOTS, 'loot', '2S');
    slots = assign(slots, 'attacker', 'JK');
    expect(actionOf(slots, legal)).toBeNull();
    slots = assign(slots, 'defender', 'KH');
    expect(actionOf(slots, legal)).toBe('2S/JK/KH');
    expect(actionOf(slots, ['JK/2S/KH'])).toBeNull();
  });

  it('moves a card between slots, swapping with the card it lands on', () => {
    let slots = assign(EMPTY_SLOTS, 'loot', '2S');
    slots = assign(slots, 'attacker', 'JK');
    expect(assign(slots, 'attacker', '2S', 'loot')).toEqual({ loot: 'JK', attacker: '2S', defender: null });
    expect(assign(slots, 'defender', '2S', 'loot')).toEqual({ loot: null, attacker: 'JK', defender: '2S' });
    // From the hand onto a filled slot: the old card goes back to the hand.
    expect(assign(slots, 'loot', 'KH')).toEqual({ loot: 'KH', attacker: 'JK', defender: null });
    expect(assign(slots, 'loot', '2S', 'loot')).toEqual(slots);
    expect(unassign(slots, 'loot')).toEqual({ loot: null, attacker: 'JK', defender: null });
  });

  it('drops the cards that left the hand and lists the rest', () => {
    const slots = { loot: '2S', attacker: 'JK', defender: null };
    expect(keepHeld(slots, ['JK', '5D'])).toEqual({ loot: null, attacker: 'JK', defender: null });
    expect(unplaced(['2S', 'JK', '5D', 'AH'], slots)).toEqual(['5D', 'AH']);
  });

  it('keeps both jokers apart: each slot holds one copy', () => {
    let slots = assign(EMPTY_SLOTS, 'attacker', 'JK');
    expect(unplaced(['JK', 'JK', '5D'], slots)).toEqual(['JK', '5D']);
    slots = assign(slots, 'defender', 'JK');
    expect(unplaced(['JK', 'JK', '5D'], slots)).toEqual(['5D']);
    expect(actionOf(assign(slots, 'loot', '5D'), ['5D/JK/JK'])).toBe('5D/JK/JK');
    // One joker placed in the last hand: the slot holding the other keeps it.
    expect(keepHeld(slots, ['JK', '5D'])).toEqual({ loot: null, attacker: 'JK', defender: null });
  });

  it('sorts jokers, then hearts, diamonds, clubs, spades, high first with the ace low', () => {
    expect(sortHtHand(['AS', 'KS', 'AH', 'JK', '5D', 'KH', '5C'])).toEqual(['JK', 'KH', 'AH', '5D', '5C', 'KS', 'AS']);
  });
});

describe('hearts-trumps cards to place', () => {
  // The server's views of one state (tests/hearts_trumps/test_ht_view.py): seat 1 has sent
  // 2D/3D/4D, seat 0 has not placed yet.
  const seen = (seat: number, hand: string[]): Pick<HtView, 'seat' | 'hand' | 'hand_counts' | 'placed'> => ({
    seat,
    hand,
    hand_counts: [6, 3],
    placed: [false, true],
  });
  const seat0 = seen(0, ['2S', '3S', '4S', '5S', '6S', '7S']);
  const seat1 = seen(1, ['5D', '6D', '7D']);

  it('counts the cards in a slot as still to place: the hand row and the draft together', () => {
    const draft = assign(assign(EMPTY_SLOTS, 'loot', '2S'), 'attacker', '7S');
    const row = unplaced(seat0.hand ?? [], draft);
    const inSlots = Object.values(draft).filter((c) => c !== null).length;
    expect(row).toHaveLength(4);
    expect(cardsToPlace(seat0, 0)).toBe(row.length + inSlots);
    expect(cardsToPlace(seat0, 0)).toBe(6);
  });

  it('leaves a placement sent out of the count, for the player and the opponent alike', () => {
    expect(cardsToPlace(seat1, 1)).toBe(seat1.hand?.length);
    expect(cardsToPlace(seat1, 1)).toBe(3);
    expect(cardsToPlace(seat0, 1)).toBe(3);
    expect(cardsToPlace(seat1, 0)).toBe(6);
    expect(cardsToPlace({ hand_counts: [] }, 1)).toBe(0);
  });

  it('says what it counts: cards not yet placed, not the hand row', () => {
    expect(t('htCardsLeft', { n: 6 }, 'es')).toBe('6 por colocar');
    expect(t('htCardsLeft', { n: 3 }, 'en')).toBe('3 to place');
    expect(t('htCardsLeft', { n: 0 }, 'ar')).toContain('0');
  });
});

describe('hearts-trumps results', () => {
  it('explains each battle with its rule id', () => {
    expect(battleReason({ why: 'joker', rule: 'HT-9' }, 'en')).toBe('Joker beats everything (HT-9)');
    expect(battleReason({ why: 'trump', rule: 'HT-11' }, 'en')).toBe('Hearts are trumps (HT-11)');
    expect(battleReason({ why: 'rank', rule: 'HT-12' }, 'en')).toBe('Higher rank (HT-12)');
    expect(battleReason({ why: 'suit', rule: 'HT-12' }, 'en')).toBe(
      'Same rank: diamonds beat clubs beat spades (HT-12)',
    );
    expect(battleReason({ why: 'jokers', rule: 'HT-10' }, 'en')).toBe(
      'Joker against joker: goes to the winner of the other battle (HT-10)',
    );
    expect(battleReason({ why: 'hearts', rule: '' }, 'es')).toBe('Corazón contra corazón: gana el más alto (HT-11)');
  });

  it('scores loot: joker 25, a heart its rank with the ace low, the rest nothing', () => {
    expect(['JK', 'AH', 'KH', 'TH', 'KS', 'AD'].map(lootValue)).toEqual([25, 1, 13, 10, 0, 0]);
    expect(lootPoints(['JK', 'KH', '2C'])).toBe(38);
    expect(lootSum(['KH', 'JK'])).toBe('K♥ 13 + JOKER 25 = 38');
    expect(lootSum(['QH'])).toBe('Q♥ 12');
    expect(lootSum([])).toBe('0');
  });

  it('explains the 59 bonus to the seat with more loot cards and 29 each on equal counts', () => {
    const more: HtDeal = {
      deal: 1,
      loot: [['AH', 'JK', '2S'], ['3C']],
      loot_points: [26, 0],
      loot_counts: [10, 8],
      bonus: [59, 0],
      points: [85, 0],
    };
    const s = dealScore(more);
    expect(s.bonusKind).toBe('more');
    expect(s.bonusSeat).toBe(0);
    expect(s.scoring).toEqual([['JK', 'AH'], []]);
    expect(bonusText(s, (n) => ['Ana', 'Bo'][n] ?? '', 'en')).toBe('Ana took more loot cards (10 to 8): +59 (HT-14)');
    const equal = dealScore({ ...more, loot_counts: [9, 9], bonus: [29, 29], points: [55, 29] });
    expect(equal.bonusKind).toBe('equal');
    expect(equal.bonusSeat).toBeNull();
    expect(bonusText(equal, () => '', 'en')).toBe('Equal loot cards (9 each): +29 each (HT-14)');
    expect(bonusText(dealScore({ ...more, loot_counts: [7, 11] }), (n) => ['Ana', 'Bo'][n] ?? '', 'es')).toBe(
      'Bo ganó más cartas de botín (11 contra 7): +59 (HT-14)',
    );
  });

  it('measures the way to the target and names the leader', () => {
    expect(progressPercent(250, 500)).toBe(50);
    expect(progressPercent(620, 500)).toBe(100);
    expect(progressPercent(-5, 500)).toBe(0);
    expect(barScale([310, 120], 500)).toBe(500);
    expect(progressPercent(17, barScale([108, 17], 1))).toBeCloseTo(15.7, 1);
    expect(leader([520, 310])).toBe(0);
    expect(leader([300, 510])).toBe(1);
    expect(leader([500, 500])).toBeNull();
  });

  it('places a hand in its round', () => {
    expect(roundOf(1)).toEqual({ round: 1, second: false });
    expect(roundOf(2)).toEqual({ round: 1, second: true });
    expect(roundOf(9)).toEqual({ round: 5, second: false });
  });
});

describe('hearts-trumps wire', () => {
  it('reads the events of the contract', () => {
    expect(parseHtEvent('placed 1')).toEqual({ kind: 'placed', seat: 1 });
    expect(parseHtEvent('battle A 0 JK 1 KH won 0 joker')).toEqual({ kind: 'battle', name: 'A', winner: 0, why: 'joker' });
    expect(parseHtEvent('score 1 85 40')).toEqual({ kind: 'score', deal: 1, points: [85, 40] });
    expect(parseHtEvent('battle B 1 2C 0 2S won 1 nonsense').kind).toBe('other');
    expect(parseHtEvent('round 2').kind).toBe('other');
  });
});
