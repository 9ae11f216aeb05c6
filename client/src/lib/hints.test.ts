import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionText, fetchHint, offersHints, parseHint, pointsText, reasonText } from './hints';

const card = {
  table: 4,
  version: 9,
  action: '7H',
  reason: { key: 'kb_card', vars: { action: '7H', expected: 116.2, next: 'TH', next_expected: -3.4 } },
  expected: 116.2,
};

describe('practice hints', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads a hint and refuses what is not one', () => {
    expect(parseHint(card)).toEqual(card);
    expect(parseHint(null)).toBeNull();
    expect(parseHint({ action: 7, reason: { key: 'x' } })).toBeNull();
    expect(parseHint({ action: '7H', reason: 'x' })).toBeNull();
    const odd = parseHint({ action: '7H', reason: { key: 'kb_card', vars: { a: {}, b: NaN, c: 'x' } }, expected: 'x' });
    expect(odd?.reason.vars).toEqual({ c: 'x' });
    expect(odd?.expected).toBeNull();
  });

  it('names cards, contracts and other actions as the player reads them', () => {
    expect(actionText('7H', 'en')).toBe('7♥');
    expect(actionText('TS', 'en')).toBe('10♠');
    expect(actionText('queens', 'en')).toBe('No queens');
    expect(actionText('trumps:D', 'es')).toMatch(/♦$/);
    expect(actionText('5S/QD/QH', 'en')).toBe('5♠/Q♦/Q♥');
    expect(actionText('take:2', 'en')).toBe('take:2');
    expect(pointsText(116.2)).toBe('+116');
    expect(pointsText(-3.6)).toBe('-4');
    expect(pointsText(0)).toBe('0');
  });

  it('says the reason in each language, with its numbers', () => {
    expect(reasonText(card, 'en')).toBe('Play 7♥: about +116 points this deal, against -3 with 10♥, the next best.');
    expect(reasonText(card, 'es')).toContain('7♥');
    expect(reasonText(card, 'ar')).toContain('+116');
    const contract = { ...card, action: 'trumps:S', reason: { key: 'kb_contract', vars: { action: 'trumps:S', expected: 303.1, next: 'bolola-positive', next_expected: 192.2, deals: 48 } } };
    expect(reasonText(contract, 'en')).toBe(
      'Declare Trumps ♠: about +303 points expected over 48 simulated deals (Bolola positive: +192).',
    );
  });

  it('falls back to the generic reason for a key it does not know', () => {
    const generic = { ...card, reason: { key: 'expert_choice', vars: {} } };
    expect(reasonText(generic, 'en')).toBe("The expert bot's choice.");
    expect(reasonText({ ...card, reason: { key: 'from_the_future', vars: {} } }, 'en')).toBe("The expert bot's choice.");
  });

  it('asks the server, and passes its refusal on with its code', async () => {
    const fetch = vi.fn(async (path: string, _init?: RequestInit) =>
      path.endsWith('/hint')
        ? new Response(JSON.stringify({ type: 'error', code: 'no_hints', message: 'never at rated tables' }), { status: 403 })
        : new Response(JSON.stringify({ table: { id: 4, hints: true } })),
    );
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', { getItem: () => 'tok' });
    expect(await offersHints(4)).toBe(true);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ headers: { authorization: 'Bearer tok' } });
    await expect(fetchHint(4)).rejects.toMatchObject({ code: 'no_hints', message: 'never at rated tables' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(card))));
    expect((await fetchHint(4)).action).toBe('7H');
  });
});
