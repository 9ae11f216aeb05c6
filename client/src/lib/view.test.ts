import { describe, expect, it } from 'vitest';
import { choices, finishedTrick, parseEvent, scoreSheet } from './view';

describe('view', () => {
  it('reads the server events', () => {
    expect(parseEvent('play 2 QS')).toEqual({ kind: 'play', seat: 2, card: 'QS' });
    expect(parseEvent('trick 3 to 1 [7C 9C QC 2C] -100')).toEqual({
      kind: 'trick',
      no: 3,
      seat: 1,
      cards: ['7C', '9C', 'QC', '2C'],
      points: -100,
    });
    expect(parseEvent('deal over after 13 tricks [-50, -100, 0, -500]')).toEqual({
      kind: 'dealOver',
      tricks: 13,
      points: [-50, -100, 0, -500],
    });
    expect(parseEvent('declare 0 trumps:H')).toEqual({ kind: 'declare', seat: 0, contract: 'trumps', trump: 'H' });
    expect(parseEvent('deal 2 declarer 1')).toEqual({ kind: 'deal', deal: 2, declarer: 1 });
    expect(parseEvent('something new').kind).toBe('other');
  });

  it('finds the trick an update finished, with its leader', () => {
    const events = ['play 1 7H', 'trick 4 to 3 [4H 5H 6H 7H] +0'];
    expect(finishedTrick(events, null, null)).toEqual({ leader: 3, cards: ['4H', '5H', '6H', '7H'], winner: 3, points: 0 });
    expect(finishedTrick(['play 1 7H'], null, null)).toBeNull();
  });

  it('splits the declarer choices into contracts and trump suits', () => {
    expect(choices(['queens', 'trumps:S', 'trumps:H', 'bolola-positive'])).toEqual({
      contracts: ['queens', 'trumps', 'bolola-positive'],
      trumps: ['S', 'H'],
    });
    expect(choices(['QS', 'AH'])).toEqual({ contracts: [], trumps: [] });
  });

  it('lays out 24 rows of the score sheet', () => {
    const rows = scoreSheet([
      { deal: 1, declarer: 2, contract: 'queens', trump: null, points: [0, -100, -300, 0], tricks_played: 9 },
    ]);
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual({ deal: 1, declarer: 2, contract: 'queens', trump: null, points: [0, -100, -300, 0] });
    expect(rows[1]?.points).toBeNull();
  });
});
