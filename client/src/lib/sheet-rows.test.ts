import { describe, expect, it } from 'vitest';
import { sheetRow } from './sheet-rows';

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
