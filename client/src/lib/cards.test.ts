import { describe, expect, it } from 'vitest';
import { arrange, cardName, cardText, isCard, moveCard, parseCard, rankLabel, sortHand } from './cards';

describe('cards', () => {
  it('parses the wire form', () => {
    expect(parseCard('QS')).toEqual({ text: 'QS', rank: 'Q', suit: 'S', value: 12 });
    expect(parseCard('TH').value).toBe(10);
    expect(() => parseCard('1X')).toThrow();
    expect(isCard('AC')).toBe(true);
    expect(isCard('10C')).toBe(false);
    expect(rankLabel('T')).toBe('10');
  });

  it('sorts a hand by suit, alternating colours, high cards first', () => {
    expect(sortHand(['2D', 'AS', '3H', 'KC', 'TS', 'AH'])).toEqual(['AS', 'TS', 'AH', '3H', 'KC', '2D']);
  });

  it('leads with the suit a game puts first, the colours still alternating', () => {
    const hand = ['2D', 'AS', '3H', 'KC'];
    expect(sortHand(hand, { first: 'H' })).toEqual(['3H', 'AS', '2D', 'KC']);
    expect(sortHand(hand, { first: 'C' })).toEqual(['KC', '3H', 'AS', '2D']);
    expect(arrange(hand, [], { first: 'D' })).toEqual(['2D', 'AS', '3H', 'KC']);
  });

  it('keeps the player order for cards still held and sorts a new deal afresh', () => {
    const order = ['3H', 'AS', 'KC'];
    expect(arrange(['AS', 'KC', '3H'], order)).toEqual(['3H', 'AS', 'KC']);
    // A card played: the rest keep their places.
    expect(arrange(['AS', '3H'], order)).toEqual(['3H', 'AS']);
    // Nothing in common: a new deal.
    expect(arrange(['2D', 'QS'], order)).toEqual(['QS', '2D']);
  });

  it('moves a card within the order', () => {
    expect(moveCard(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveCard(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveCard(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
  });

  it('names a card by what it shows, then in words', () => {
    expect(cardText('AS')).toBe('A♠');
    expect(cardText('TH')).toBe('10♥');
    expect(cardText('JK')).toBe('JOKER');
    expect(cardName('AS', 'en')).toBe('A♠ ace of spades');
    expect(cardName('TH', 'es')).toBe('10♥ diez de corazones');
    expect(cardName('QD', 'es')).toBe('Q♦ reina de diamantes');
    expect(cardName('JK', 'en')).toBe('JOKER joker');
    expect(cardName('JK', 'es')).toBe('JOKER comodín');
  });
});
