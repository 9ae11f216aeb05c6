import { describe, expect, it } from 'vitest';
import { kbHistory, sheetRow } from './sheet-rows';

const nameOf = (s: number): string => ['ana', 'bot-expert-1', 'bo', 'bot-expert-3'][s] ?? '?';

describe("a match page's score sheet row", () => {
  it('reads a Baloot deal in full: the trump in words, the doubling, the buyer by name', () => {
    expect(sheetRow('baloot', 'hokum:C x2 by 3', nameOf, 'en')).toEqual({ what: 'Hokum in clubs · ×2', who: 'bot-expert-3' });
    expect(sheetRow('baloot', 'sun x1 by 0', nameOf, 'es')).toEqual({ what: 'Sun', who: 'ana' });
  });

  it("keeps any other game's label a word of the sheet, with nobody's name", () => {
    expect(sheetRow('hearts-trumps', 'deal', nameOf, 'es')).toEqual({ what: 'Reparto', who: null });
    expect(sheetRow('king-bolola', 'jacks-kings', nameOf, 'es')).toEqual({ what: 'Chicos', who: null });
    expect(sheetRow('jolly', 'closed', nameOf, 'es')).toEqual({ what: 'Cierre', who: null });
    // A Baloot label that is not a deal's text (a record from before the detail): its kind.
    expect(sheetRow('baloot', 'sun', nameOf, 'ar')).toEqual({ what: 'صن', who: null });
  });
});

describe("King Bolola's deals on a match page, as the table's sheet has them", () => {
  const sheet = [
    { label: 'tricks', points: [-200, -200, -100, -150] },
    { label: 'trumps', points: [100, 350, 100, 100] },
    { label: 'queens', points: [0, -100, -300, 0] },
  ];

  it('takes the declarer and the trump from the record, the contract and points from the sheet', () => {
    const record = {
      deals: [
        { declarer: 2, contract: 'tricks', trump: null, hands: [], play: [] },
        { declarer: 3, contract: 'trumps', trump: 'S', hands: [], play: [] },
        { declarer: 0, contract: 'queens', trump: null, hands: [], play: [] },
      ],
    };
    expect(kbHistory(sheet, { 'first-declarer': 2 }, record)).toEqual([
      { deal: 1, declarer: 2, contract: 'tricks', trump: null, points: [-200, -200, -100, -150], tricks_played: 0 },
      { deal: 2, declarer: 3, contract: 'trumps', trump: 'S', points: [100, 350, 100, 100], tricks_played: 0 },
      { deal: 3, declarer: 0, contract: 'queens', trump: null, points: [0, -100, -300, 0], tricks_played: 0 },
    ]);
  });

  it('passes the declarer clockwise from the first (KB-5) until the record is read', () => {
    const rows = kbHistory(sheet, { 'first-declarer': 3 }, null);
    expect(rows.map((r) => r.declarer)).toEqual([3, 0, 1]);
    expect(rows.map((r) => r.trump)).toEqual([null, null, null]);
    // No first declarer named: seat 0, as a game started without a table.
    expect(kbHistory(sheet, {}, undefined).map((r) => r.declarer)).toEqual([0, 1, 2]);
  });

  it("believes no record's deal that is not the sheet's, nor a trump that is no suit", () => {
    const record = { deals: [{ declarer: 1, contract: 'queens', trump: null }, { declarer: 3, contract: 'trumps', trump: 'X' }, 'nonsense'] };
    const rows = kbHistory(sheet, { 'first-declarer': 0 }, record);
    expect(rows.map((r) => [r.declarer, r.trump])).toEqual([
      [0, null],
      [3, null],
      [2, null],
    ]);
  });
});
