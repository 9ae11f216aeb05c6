import { describe, expect, it } from 'vitest';
import { t } from './i18n.svelte';
import {
  arrangeIds,
  depthOf,
  discardFor,
  faceOf,
  laysFor,
  meldFaces,
  parseJollyEvent,
  playPrompt,
  sortIds,
  swapsFor,
  takeDepths,
  targets,
  underline,
} from './jolly';

describe('jolly', () => {
  it('reads faces from card ids: two of each card and six jokers (JO-1)', () => {
    expect(faceOf('7H1')).toBe('7H');
    expect(faceOf('7H2')).toBe('7H');
    expect(faceOf('JK6')).toBe('JK');
    expect(sortIds(['JK1', 'AS1', '2S2', 'KH1', '2S1'])).toEqual(['2S1', '2S2', 'AS1', 'KH1', 'JK1']);
    expect(arrangeIds(['7H1', '2S1', '9C1'], ['9C1', '7H1'])).toEqual(['9C1', '7H1', '2S1']);
  });

  it('underlines the cards of the finder melds, each copy once', () => {
    const hand = ['QH1', 'QC1', 'JK2', '4D1', '5D1', '6D2', 'QH2'];
    const lines = underline(hand, ['QH,QC,JK=QS', '4D,5D,6D']);
    expect(meldFaces('9H,JK=TH,JH')).toEqual(['9H', 'JK', 'JH']);
    expect([...lines]).toEqual([
      ['QH1', 0],
      ['QC1', 0],
      ['JK2', 0],
      ['4D1', 1],
      ['5D1', 1],
      ['6D2', 1],
    ]);
  });

  it('takes the pile from a depth: the card and every card after it (JO-7)', () => {
    expect(depthOf(['AC1', 'KD1', '5S2'], 0)).toBe(3);
    expect(depthOf(['AC1', 'KD1', '5S2'], 2)).toBe(1);
    expect([...takeDepths(['draw', 'take:1', 'take:2'])]).toEqual([1, 2]);
  });

  it('offers only what the legal actions hold', () => {
    // (Melds and openings: jolly-melds.test.ts.)
    const legal = ['meld:7H,8H,9H', 'open:QS,QD,JK=QC', 'lay:3:TH', 'lay:4:JK=6S', 'swap:2:7S', 'discard:7H'];
    expect(discardFor(legal, '7H2')).toBe('discard:7H');
    expect(discardFor(legal, '8H1')).toBeNull();
    expect([...laysFor(legal, 'TH1')]).toEqual([[3, 'lay:3:TH']]);
    expect([...laysFor(legal, 'JK1')]).toEqual([[4, 'lay:4:JK=6S']]);
    expect([...swapsFor(legal, '7S2')]).toEqual([[2, 'swap:2:7S']]);
    expect(targets(legal)).toEqual({ lay: new Set([3, 4]), swap: new Set([2]) });
  });

  it('says what the turn leaves to do from the legal actions, not the phase alone (JO-8, JO-9)', () => {
    // The turn of the opening: only the discard is left (the reviewer's "meld, lay off or
    // discard" offered what JO-8 forbids).
    expect(playPrompt(['discard:7H', 'discard:QS'], true)).toBe('joYourDiscardOpened');
    expect(t(playPrompt(['discard:7H'], true), {}, 'es')).toBe('Has abierto: ahora descarta');
    expect(t(playPrompt(['discard:7H'], true), {}, 'en')).toBe('You opened: now discard');
    // Before opening: an opening if the hand makes one, else only a discard.
    expect(playPrompt(['open:QS,QD,QC|7H,8H,9H', 'discard:7H'], false)).toBe('joYourOpen');
    expect(playPrompt(['discard:7H', 'discard:QS'], false)).toBe('joYourDiscard');
    // Opened in an earlier turn: what there is to meld, lay off or swap.
    expect(playPrompt(['meld:7H,8H,9H', 'lay:3:TH', 'discard:7H'], false)).toBe('joYourPlay');
    expect(playPrompt(['meld:7H,8H,9H', 'discard:7H'], false)).toBe('joYourMeld');
    expect(playPrompt(['lay:3:TH', 'discard:7H'], false)).toBe('joYourLay');
    expect(playPrompt(['swap:2:7S', 'discard:7H'], false)).toBe('joYourLay');
    expect(t('joYourPlay', {}, 'es')).toBe('Baja, añade o descarta');
  });

  it('reads the event lines', () => {
    expect(parseJollyEvent('round 2 dealer 0 players 2')).toEqual({ kind: 'round', round: 2, dealer: 0 });
    expect(parseJollyEvent('discard 1 QS2')).toEqual({ kind: 'discard', seat: 1, card: 'QS2' });
    expect(parseJollyEvent('close 0 mano jolly')).toEqual({ kind: 'close', seat: 0, mano: true });
    expect(parseJollyEvent('continue 1')).toEqual({ kind: 'continue', seat: 1 });
    expect(parseJollyEvent('something else').kind).toBe('other');
  });
});
