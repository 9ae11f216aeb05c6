import { describe, expect, it } from 'vitest';
import { actionsFor, asideFor, meldPoints, pileWhy, readMeld, whyNot, whyText, type TurnNow } from './jolly-melds';

// The legal openings the server lists for 4♥ 5♥ 6♥ 7♥ 7♠ 7♦ 7♣ 2♣ 3♣ 4♣ 10♣ Q♣ K♣ A♠
// (the engine's own, as tests/e2e/test_jolly_melds.py shows them), and two discards.
const OPENINGS = [
  'open:2C,3C,4C|4H,5H,6H|7H,7D,7C',
  'open:2C,3C,4C|4H,5H,6H|7S,7D,7C',
  'open:2C,3C,4C|4H,5H,6H|7S,7H,7C',
  'open:2C,3C,4C|4H,5H,6H|7S,7H,7D',
  'open:2C,3C,4C|4H,5H,6H|7S,7H,7D,7C',
  'open:2C,3C,4C|4H,5H,6H,7H|7S,7D,7C',
  'open:2C,3C,4C|5H,6H,7H|7S,7D,7C',
  'open:4H,5H,6H|7S,7H,7D,7C',
  'open:4H,5H,6H,7H|7S,7D,7C',
];
const LEGAL = [...OPENINGS, 'discard:TC', 'discard:AS'];
const faces = (text: string): string[] => text.split(' ');
const BEFORE: TurnNow = { legal: LEGAL, drew: true, fromPile: false, opened: false, openedNow: false, held: 14 };

describe('a selection as melds (JO-3 … JO-5, JO-8)', () => {
  it('opens with the cards picked when they split into melds one way only', () => {
    expect(actionsFor(LEGAL, [], faces('4H 5H 6H 7S 7D 7C 2C 3C 4C'))).toEqual(['open:2C,3C,4C|4H,5H,6H|7S,7D,7C']);
    // The finder's opening is one of two splits of these ten cards: the player chooses.
    expect(actionsFor(LEGAL, [], faces('4H 5H 6H 7H 7S 7D 7C 2C 3C 4C'))).toEqual([
      'open:2C,3C,4C|4H,5H,6H|7S,7H,7D,7C',
      'open:2C,3C,4C|4H,5H,6H,7H|7S,7D,7C',
    ]);
    expect(actionsFor(LEGAL, [], faces('4H 5H 6H'))).toEqual([]);
    expect(actionsFor(LEGAL, [], [])).toEqual([]);
  });

  it('sets melds aside one at a time while some opening still holds them all', () => {
    expect(asideFor(LEGAL, [], faces('7H 7S 7C 7D'))).toEqual(['7S,7H,7D,7C']);
    expect(asideFor(LEGAL, [], faces('2C 3C 4C'))).toEqual(['2C,3C,4C']);
    // 4♥ 5♥ 6♥ 7♥ and 7♠ 7♥ 7♦ 7♣ share the 7♥: one aside, the other is no longer offered.
    expect(asideFor(LEGAL, ['7S,7H,7D,7C'], faces('4H 5H 6H 7H'))).toEqual([]);
    expect(asideFor(LEGAL, ['7S,7H,7D,7C'], faces('4H 5H 6H'))).toEqual(['4H,5H,6H']);
    expect(asideFor(LEGAL, [], faces('TC QC KC'))).toEqual([]);
    // The melds aside are an opening of their own, or one with the cards picked now.
    expect(actionsFor(LEGAL, ['7S,7H,7D,7C', '4H,5H,6H'], [])).toEqual(['open:4H,5H,6H|7S,7H,7D,7C']);
    expect(actionsFor(LEGAL, ['7S,7H,7D,7C', '4H,5H,6H'], faces('3C 2C 4C'))).toEqual(['open:2C,3C,4C|4H,5H,6H|7S,7H,7D,7C']);
    expect(actionsFor(LEGAL, ['4H,5H,6H'], [])).toEqual([]);
  });

  it('after opening, a meld is one legal meld action; a joker placed two ways is two', () => {
    const legal = ['meld:5H,6H,JK=7H', 'meld:JK=4H,5H,6H', 'meld:9S,TS,JS', 'discard:9S'];
    expect(actionsFor(legal, [], faces('JK 6H 5H'))).toEqual(['meld:5H,6H,JK=7H', 'meld:JK=4H,5H,6H']);
    expect(actionsFor(legal, [], faces('JS TS 9S'))).toEqual(['meld:9S,TS,JS']);
    expect(asideFor(legal, [], faces('JS TS 9S'))).toEqual([]);
    expect(actionsFor(['open:QS,QD,JK=QC', 'discard:7H'], [], faces('QS JK QD'))).toEqual(['open:QS,QD,JK=QC']);
  });

  it('counts a meld as the table does (JO-15, the examples of JO-19)', () => {
    expect(meldPoints('8D,9D,TD') + meldPoints('JH,QH,KH')).toBe(57);
    expect(meldPoints('AD,AH,AS')).toBe(75);
    expect(meldPoints('AH,2H,JK=3H')).toBe(6);
    expect(meldPoints('JK=QH,KH,AH')).toBe(30);
    expect(meldPoints('QS,QD,JK=QC')).toBe(30);
  });

  it('reads every way a meld lies, in the actions text (as the engine lists them)', () => {
    const melds = (text: string): string[] => {
      const r = readMeld(faces(text));
      return 'melds' in r ? [...r.melds].sort() : [];
    };
    expect(melds('5H 6H JK')).toEqual(['5H,6H,JK=7H', 'JK=4H,5H,6H']);
    expect(melds('QS QD JK')).toEqual(['QS,JK=QH,QD', 'QS,QD,JK=QC']);
    expect(melds('AH 2H JK')).toEqual(['AH,2H,JK=3H']);
    expect(melds('QH KH JK')).toEqual(['JK=JH,QH,KH', 'QH,KH,JK=AH']);
    expect(melds('AH KH JK')).toEqual(['JK=QH,KH,AH']);
    expect(melds('5H JK JK')).toEqual(['JK=4H,5H,JK=6H']);
    expect(melds('JH JK 9H')).toEqual(['9H,JK=TH,JH']);
    expect(melds('2S 3S 4S 5S JK')).toEqual(['2S,3S,4S,5S,JK=6S', 'JK=AS,2S,3S,4S,5S']);
    expect(melds('AH AS JK')).toEqual(['AS,AH,JK=AC', 'AS,AH,JK=AD']);
  });

  it('says why cards are no meld, citing the rule', () => {
    const why = (text: string): string => {
      const r = readMeld(faces(text));
      return 'why' in r ? whyText(r.why, 'en') : 'a meld';
    };
    expect(why('TC QC KC')).toBe("A run's cards follow on: J♣ is missing (JO-4)");
    expect(why('2C 3C 7C')).toBe("A run's cards follow on: 4♣ 5♣ 6♣ are missing (JO-4)");
    expect(why('6D 7D JK JK TD')).toBe('Two jokers never lie side by side in a run (JO-5)');
    expect(why('6D JK 8D JK TD')).toBe('a meld');
    expect(why('KH AH 2H')).toBe('A run never turns the corner (K-A-2) (JO-4)');
    expect(why('QS QS QD')).toBe("A set's cards are all of different suits, and Q♠ is there twice (JO-3)");
    expect(why('QS QH JK JK')).toBe('A set holds one joker at most (JO-5)');
    expect(why('QS QH QD QC JK')).toBe('A set has 3 or 4 cards, one of each suit (JO-3)');
    expect(why('5H 6H 6H')).toBe('A run has each card once, and 6♥ is there twice (JO-4)');
    expect(why('5H 5H 5D')).toBe("A set's cards are all of different suits, and 5♥ is there twice (JO-3)");
    expect(why('QS KH AD')).toBe('Neither one rank (a set) nor one suit (a run) (JO-3, JO-4)');
    expect(why('JK JK JK')).toBe('Jokers stand in for the cards of a meld: it needs a card of its own (JO-5)');
    expect(why('AH JK JK')).toBe('Two jokers never lie side by side in a run (JO-5)');
    expect(why('QS QH')).toBe('A meld takes 3 cards or more (JO-3, JO-4)');
  });

  it('says why a selection goes down as nothing, where the turn stands', () => {
    const said = (turn: TurnNow, aside: string[], text: string, lang: 'es' | 'en' = 'en'): string | null => {
      const w = whyNot(turn, aside, text ? faces(text) : []);
      return w ? whyText(w, lang) : null;
    };
    // The reviewer's 10♣ Q♣ K♣, in Spanish too.
    expect(said(BEFORE, [], 'TC QC KC', 'es')).toBe('Las cartas de una escalera van seguidas: falta J♣ (JO-4)');
    expect(said(BEFORE, [], 'TC')).toBeNull(); // one card: a discard, or a lay-off
    expect(said(BEFORE, [], '4H 5H 6H')).toBeNull(); // it may go aside for an opening
    expect(said(BEFORE, [], '4H 5H 6H 7S 7D 7C 2C 3C 4C')).toBeNull();
    expect(said(BEFORE, [], 'TC QC KC 2C 3C 4C')).toBe(
      'Neither one meld nor melds worth 40 together: pick one meld at a time to see which fails (JO-3, JO-4, JO-8)',
    );
    // A meld no opening of this hand holds: its points, with the melds aside.
    expect(said({ ...BEFORE, legal: ['discard:TC'] }, [], '2C 3C 4C')).toBe(
      'Opening takes 40 points at once: this makes 9, and the rest of your hand cannot make it up (JO-8)',
    );
    expect(said(BEFORE, ['7S,7H,7D,7C'], '4H 5H 6H 7H')).toBe(
      'Opening takes 40 points at once: this makes 50, and the rest of your hand cannot make it up (JO-8)',
    );
    expect(said({ ...BEFORE, drew: false }, [], 'TC QC KC')).toBe('Draw first: a turn begins with a draw (JO-7)');
    expect(said({ ...BEFORE, openedNow: true, legal: ['discard:TC'] }, [], '2C 3C 4C')).toBe(
      'You opened this turn: only the discard is left now (JO-8)',
    );
    const after: TurnNow = { legal: ['discard:9S'], drew: true, fromPile: false, opened: true, openedNow: false, held: 3 };
    expect(said(after, [], '9S TS JS')).toBe('A card is always left to discard (JO-11)');
    expect(said({ ...after, fromPile: true, held: 4 }, [], '9S TS JS')).toBe(
      'After taking from the discards you cannot go out: 2 cards stay in hand (JO-13)',
    );
    expect(said({ ...after, held: 10 }, [], '9S TS JS 2H 3H 4H')).toBe(
      'Not one meld: after opening, each meld goes down on its own (JO-9)',
    );
  });

  it('says why a card of the discard pile may not be taken, as a refused move (JO-7)', () => {
    const none = new Set<number>();
    // Before opening: the pile is not yet the player's, whatever the depth.
    const before = pileWhy({ drawing: true, opened: false, depth: 1, depths: none });
    expect(before?.rule).toBe('JO-7');
    expect(before && whyText(before, 'en')).toBe(
      'Only a player who opened in an earlier turn draws from the discards: draw from the stock (JO-7)',
    );
    expect(before && whyText(before, 'es')).toBe(
      'De los descartes solo roba quien abrió en un turno anterior: roba del mazo (JO-7)',
    );
    // Opened: too deep for 20 cards in hand; a depth allowed says nothing.
    const depths = new Set([1, 2, 3]);
    const deep = pileWhy({ drawing: true, opened: true, depth: 5, depths });
    expect(deep && whyText(deep, 'en')).toBe('Nobody holds more than 20 cards: you may take 3 from the discards at most (JO-7)');
    expect(pileWhy({ drawing: true, opened: true, depth: 2, depths })).toBeNull();
    // No draw owed (another's turn, or drawn already): nothing to say.
    expect(pileWhy({ drawing: false, opened: false, depth: 1, depths: none })).toBeNull();
  });
});
