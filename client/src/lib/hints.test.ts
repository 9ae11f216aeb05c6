import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionText, factText, fetchHint, offersHints, parseHint, pointsText, reasonText, suggestionText } from './hints';
import { t } from './i18n.svelte';

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

  it("names a placement's roles when it stands alone, and other actions as actionText does", () => {
    expect(suggestionText('5S/QD/JK', 'en')).toBe('Loot \u20665♠\u2069 · Attacker \u2066Q♦\u2069 · Defender \u2066JOKER\u2069');
    expect(suggestionText('2S/QC/7C', 'es')).toBe('Botín \u20662♠\u2069 · Atacante \u2066Q♣\u2069 · Defensor \u20667♣\u2069');
    expect(suggestionText('5S/QD/JK', 'ar')).toMatch(/^الغنيمة .*5♠.* · المهاجم .*Q♦.* · المدافع .*JOKER/);
    expect(suggestionText('7H', 'en')).toBe(actionText('7H', 'en'));
    expect(suggestionText('queens', 'es')).toBe(actionText('queens', 'es'));
  });

  it('names cards, contracts and other actions as the player reads them', () => {
    expect(actionText('7H', 'en')).toBe('7♥');
    expect(actionText('TS', 'en')).toBe('10♠');
    expect(actionText('queens', 'en')).toBe('No queens');
    expect(actionText('trumps:D', 'es')).toMatch(/♦$/);
    expect(actionText('5S/QD/QH', 'en')).toBe('5♠/Q♦/Q♥');
    // Right to left, a placement keeps its order: loot, attacker, defender.
    expect(actionText('5S/QD/JK', 'ar')).toBe('\u20665♠/Q♦/JOKER\u2069');
    expect(actionText('take:2', 'en')).toBe('take the top 2 cards of the discards');
    expect(actionText('take:1', 'es')).toBe('llevarte la carta de arriba de los descartes');
    expect(actionText('take:8', 'ar')).toContain('8');
    expect(actionText('discard:TS', 'en')).toBe('discard 10♠');
    expect(actionText('lay:4:JK=TH', 'en')).toBe('lay off a joker as 10♥');
    expect(actionText('open:7H,8H,9H|QS,QD,JK=QC', 'en')).toBe('open with 7♥,8♥,9♥ | Q♠,Q♦,JOKER=Q♣');
    expect(actionText('draw', 'es')).toBe('robar del mazo');
    expect(actionText('hokum:S', 'en')).toBe('Hokum in spades');
    expect(actionText('pass', 'es')).toBe('Paso');
    expect(actionText('project:sira:7H,8H,9H', 'en')).toBe('Sira 7♥ 8♥ 9♥');
    expect(pointsText(116.2)).toBe('+116');
    expect(pointsText(-3.6)).toBe('-4');
    expect(pointsText(0)).toBe('0');
    expect(pointsText(-0.2)).toBe('0');
    expect(pointsText(-16.62, 1)).toBe('-16.6');
    expect(pointsText(0.04, 1)).toBe('0.0');
  });

  it('says the reason in each language, with its numbers', () => {
    expect(reasonText(card, 'en')).toBe('About +116 points this deal, against -3 with 10♥, the next best.');
    expect(reasonText(card, 'es')).toContain('10♥');
    expect(reasonText(card, 'ar')).toContain('+116');
    const contract = { ...card, action: 'trumps:S', reason: { key: 'kb_contract', vars: { action: 'trumps:S', expected: 303.1, next: 'bolola-positive', next_expected: 192.2, deals: 48 } } };
    expect(reasonText(contract, 'en')).toBe(
      'About +303 points expected over 48 simulated deals (Bolola positive: +192).',
    );
  });

  it('reads a fact beside the reason, and a hint without one as before', () => {
    const told = { ...card, reason: { ...card.reason, fact: { key: 'card_keep', vars: { card: 'KH', out: 'AH' } } } };
    expect(parseHint(told)).toEqual(told);
    expect(parseHint(card)?.reason).not.toHaveProperty('fact');
    expect(parseHint({ ...card, reason: { ...card.reason, fact: { vars: {} } } })?.reason.fact).toBeUndefined();
    expect(factText(told, 'en')).toBe('Keep K♥: A♥ is still out.');
    expect(factText(told, 'es')).toBe('Guarda K♥: A♥ sigue fuera.');
    expect(factText(card, 'en')).toBeNull();
    const future = { ...card, reason: { ...card.reason, fact: { key: 'from_the_future', vars: {} } } };
    expect(factText(future, 'en')).toBeNull();
  });

  it('counts the higher cards still out in the plural form the count takes', () => {
    const out = (count: number) => ({ ...card, reason: { ...card.reason, fact: { key: 'card_out', vars: { card: '5H', out: 'AH', count } } } });
    expect(factText(out(1), 'en')).toBe('1 higher card of its suit is still out: A♥.');
    expect(factText(out(3), 'en')).toBe('3 higher cards of its suit are still out, A♥ the highest.');
    expect(factText(out(1), 'es')).toBe('Queda fuera 1 carta más alta de su palo: A♥.');
    expect(factText(out(2), 'ar')).toContain('ورقتان');
  });

  it('names suits, seats and projects in the facts and reasons of every game', () => {
    const fact = (key: string, vars: Record<string, string | number>) => ({ ...card, reason: { ...card.reason, fact: { key, vars } } });
    expect(factText(fact('card_top', { card: 'KH', suit: 'H' }), 'en')).toBe('No higher hearts are out: K♥ is the best of them left.');
    expect(factText(fact('card_void', { after: 2, seat: 2, suit: 'S', rule: 'BA-15' }), 'en')).toBe(
      'The player opposite has no spades: shown by a card off suit (BA-15).',
    );
    expect(factText(fact('card_out', { card: '5H', out: 'AH', count: 8 }), 'ar')).toContain('A♥');
    expect(factText(fact('jo_loose', { card: 'KS', penalty: 10, rule: 'JO-16' }), 'en')).toBe(
      'K♠ fits no meld, in your hand or on the table, and costs 10 points if the round ends in your hand (JO-16).',
    );
    const project = { ...card, action: 'project:fifty:7H,8H,9H,TH', reason: { key: 'ba_project', vars: { action: 'project:fifty:7H,8H,9H,TH', project: 'fifty', rule: 'BA-17' } } };
    expect(reasonText(project, 'en')).toBe('Declare your Fifty before you play your first card (BA-17).');
    const bid = { ...card, action: 'hokum', reason: { key: 'ba_bid', vars: { action: 'hokum', expected: 11.2, deals: 20 } } };
    expect(reasonText(bid, 'en')).toBe('The bidding rules of thumb: about +11 game points for your team over 20 simulated deals.');
    const place = {
      ...card,
      action: '2S/JK/KH',
      reason: {
        key: 'ht_place',
        vars: { action: '2S/JK/KH', loot: '2S', attacker: 'JK', defender: 'KH', attacker_wins: 100, defender_holds: 85, expected: 12.4, next: '2S/KH/JK', next_expected: 9.9 },
      },
    };
    expect(reasonText(place, 'en')).toBe(
      'As your opponent would likely place their cards, your attacker takes their loot in 100% of the hands sampled and your defender keeps yours in 85%: about +12 points on your opponent this hand, the loot race included, against +10 with Loot \u20662♠\u2069 · Attacker \u2066K♥\u2069 · Defender \u2066JOKER\u2069.',
    );
    const take = { ...card, action: 'take:2', reason: { key: 'jo_rated', vars: { action: 'take:2', expected: 20, next: 'draw', next_expected: -4, deals: 9 } } };
    expect(reasonText(take, 'en')).toBe("About +20 points against the others' average over 9 play-outs; draw from the stock: -4.");
  });

  // Hearts Are Trumps hints as the server sends them (bolola.bots.hearts_trumps.hint over
  // random play-outs): the action line shows the placement, so the reason says why (how
  // often the attacker wins and the defender keeps loot, the value) and never says again
  // which card goes where. Only the runner-up placement, another action, may name cards.
  const htHints = [
    {
      action: '2S/QC/7C',
      reason: {
        key: 'ht_place',
        vars: { action: '2S/QC/7C', loot: '2S', attacker: 'QC', defender: '7C', attacker_wins: 60, defender_holds: 5, expected: 17.2, next: '7C/QC/2S', next_expected: 16.1 },
        fact: { key: 'ht_odds', vars: { attacker: 'QC', attacker_beaten: 13, defender: '7C', defender_beaten: 24, unseen: 36, samples: 20, attacker_held: 9, defender_held: 14 } },
      },
      expected: 17.2,
    },
    {
      action: '3D/AH/TC',
      reason: {
        key: 'ht_place',
        vars: { action: '3D/AH/TC', loot: '3D', attacker: 'AH', defender: 'TC', attacker_wins: 100, defender_holds: 12, expected: -4.8, next: '3D/AH/JK', next_expected: -5.0 },
        fact: { key: 'ht_odds', vars: { attacker: 'AH', attacker_beaten: 9, defender: 'TC', defender_beaten: 17, unseen: 38, samples: 48, attacker_held: 30, defender_held: 46 } },
      },
      expected: -4.8,
    },
    {
      action: '3S/9S/KH',
      reason: {
        key: 'ht_close',
        vars: { action: '3S/9S/KH', loot: '3S', attacker: '9S', defender: 'KH', attacker_wins: 84, defender_holds: 100, expected: 12.1, next: '5S/9S/KH' },
        fact: { key: 'ht_odds', vars: { attacker: '9S', attacker_beaten: 8, defender: 'KH', defender_beaten: 0, unseen: 18, samples: 48, attacker_held: 21, defender_held: 0 } },
      },
      expected: 12.1,
    },
  ].map((raw) => parseHint({ table: 4, version: 9, ...raw })!);

  it.each(['es', 'en', 'ar'] as const)('says why a Hearts Are Trumps placement, never where its cards go again (%s)', (lang) => {
    for (const hint of htHints) {
      const vars = hint.reason.vars;
      const text = reasonText(hint, lang);
      expect(text).not.toMatch(/[{}]|undefined|NaN/);
      // The why: how often it wins and keeps loot, and its value.
      expect(text).toContain(`${vars.attacker_wins}`);
      expect(text).toContain(`${vars.defender_holds}`);
      expect(text).toContain(pointsText(hint.expected!));
      // Not the placement again: with the runner-up's own text taken out, no card of the
      // suggested placement is left in the reason, nor the role words of the board's slots.
      const next = suggestionText(String(vars.next), lang);
      expect(text).toContain(next);
      const rest = text.replace(next, '');
      expect(rest).not.toContain(actionText(hint.action, lang));
      for (const role of ['loot', 'attacker', 'defender']) {
        expect(rest).not.toContain(actionText(String(vars[role]), lang));
      }
      // The old wording ("Loot 2♠, attack with Q♣, defend with 7♣: …") led with it.
      expect(text).not.toMatch(/^(Loot|Botín|الغنيمة) /);
    }
  });

  it('keeps the Hearts Are Trumps reason and its fact to the counts, in English', () => {
    const [first, , close] = htHints;
    expect(actionText(first!.action, 'en')).toBe('2♠/Q♣/7♣');
    expect(reasonText(first!, 'en')).toBe(
      'As your opponent would likely place their cards, your attacker takes their loot in 60% of the hands sampled and your defender keeps yours in 5%: about +17 points on your opponent this hand, the loot race included, against +16 with Loot \u20667♣\u2069 · Attacker \u2066Q♣\u2069 · Defender \u20662♠\u2069.',
    );
    expect(factText(first!, 'en')).toBe(
      'Of the 36 cards you have not seen, 13 beat your attacker Q♣ and 24 your defender 7♣. In the 20 hands sampled, your opponent held one that beats your attacker in 9 and one that beats your defender in 14.',
    );
    expect(reasonText(close!, 'es')).toBe(
      'Tal como el rival colocaría probablemente sus cartas, tu atacante gana su botín en el 84\u00a0% de las manos simuladas y tu defensor guarda el tuyo en el 100\u00a0%: vale lo mismo que Botín \u20665♠\u2069 · Atacante \u20669♠\u2069 · Defensor \u2066K♥\u2069 (unos +12 puntos); eligen las reglas prácticas.',
    );
  });

  // A new player read "takes your opponent's loot in 100% of the hands sampled" beside "13
  // of the 48 unseen cards beat your attacker K♣" as a contradiction: the reason now says
  // its share is against the opponent's likely placements, and the fact how often the
  // opponent held such a card in the same sampled hands (it held one, and would not defend
  // with it).
  it.each(['es', 'en', 'ar'] as const)('keeps a certain attacker and the cards that beat it in one story (%s)', (lang) => {
    const sure = {
      action: '5D/KC/9S',
      reason: {
        key: 'ht_place',
        vars: { action: '5D/KC/9S', loot: '5D', attacker: 'KC', defender: '9S', attacker_wins: 100, defender_holds: 40, expected: 8.1, next: '9S/KC/5D', next_expected: 6.0 },
        fact: { key: 'ht_odds', vars: { attacker: 'KC', attacker_beaten: 13, defender: '9S', defender_beaten: 30, unseen: 48, samples: 48, attacker_held: 31, defender_held: 47 } },
      },
      expected: 8.1,
    };
    const hint = parseHint({ table: 4, version: 9, ...sure })!;
    const reason = reasonText(hint, lang);
    const fact = factText(hint, lang)!;
    const words = {
      es: ['Tal como el rival colocaría probablemente sus cartas', '100\u00a0%', '13 ganan', 'En las 48 manos simuladas', 'en 31'],
      en: ['As your opponent would likely place their cards', '100%', '13 beat', 'In the 48 hands sampled', 'in 31'],
      ar: ['بحسب ما يُرجَّح أن يضع خصمك أوراقه', '100%', '13 تغلب', '48 يدًا محاكاة', 'في 31'],
    }[lang];
    expect(reason).toContain(words[0]);
    expect(reason).toContain(words[1]);
    expect(fact).toContain(words[2]);
    expect(fact).toContain(words[3]);
    expect(fact).toContain(words[4]);
    expect(fact).not.toMatch(/[{}]|undefined|NaN/);
    // One card that beats it reads in the singular.
    const one = parseHint({ table: 4, version: 9, ...sure, reason: { ...sure.reason, fact: { ...sure.reason.fact, vars: { ...sure.reason.fact.vars, attacker_beaten: 1 } } } })!;
    if (lang === 'en') expect(factText(one, lang)).toContain('1 beats your attacker');
    if (lang === 'es') expect(factText(one, lang)).toContain('1 gana a tu atacante');
  });

  it('words a Jolly meld, lay-off and swap each its own way, never "put down swap …"', () => {
    const jolly = (action: string, key: string, vars: Record<string, string | number>) => ({
      ...card,
      action,
      expected: null,
      reason: { key, vars: { action, points: 18, ...vars } },
    });
    const meld = jolly('meld:2S,3S,4S', 'jo_meld', { meld: '2S,3S,4S' });
    const lay = jolly('lay:1:TH', 'jo_lay', { card: 'TH', meld: '7H,8H,9H' });
    const jokerLay = jolly('lay:1:JK=TH', 'jo_lay', { card: 'JK=TH', meld: '7H,8H,9H' });
    const swap = jolly('swap:1:7C', 'jo_swap', { card: '7C', meld: '5C,6C,JK=7C' });
    expect(reasonText(meld, 'en')).toBe('This turn puts down 18 points (JO-9).');
    expect(reasonText(lay, 'en')).toBe('It goes on 7♥ 8♥ 9♥: this turn puts down 18 points (JO-9).');
    expect(suggestionText(jokerLay.action, 'en')).toBe('lay off a joker as 10♥');
    expect(reasonText(jokerLay, 'en')).toBe('It goes on 7♥ 8♥ 9♥: this turn puts down 18 points (JO-9).');
    expect(reasonText(swap, 'en')).toBe(
      "It takes the joker's place in 5♣ 6♣ JOKER=7♣ and the joker comes to your hand: this turn puts down 18 points (JO-9).",
    );
    expect(reasonText(meld, 'es')).toBe('Este turno bajas 18 puntos (JO-9).');
    expect(reasonText(lay, 'es')).toBe('Va a 7♥ 8♥ 9♥: este turno bajas 18 puntos (JO-9).');
    expect(reasonText(swap, 'es')).toBe(
      'Ocupa el lugar del comodín en 5♣ 6♣ JOKER=7♣ y el comodín pasa a tu mano: este turno bajas 18 puntos (JO-9).',
    );
    for (const hint of [meld, lay, jokerLay, swap]) {
      for (const lang of ['es', 'en', 'ar'] as const) {
        const text = reasonText(hint, lang);
        expect(text).not.toMatch(/\{|[A-Z0-9][SHDC]\b|(Put down|Baja|أنزل) (swap|lay|meld|bajar|añadir|cambiar)/);
        expect(text).toContain('(JO-9)');
      }
    }
  });

  // The panel shows "Suggestion: <action>" above the reason, so a reason says why and
  // never opens by naming the suggested action again ("Play 7♥: …" under "Suggestion: 7♥").
  it.each(['es', 'en', 'ar'] as const)('never repeats the suggested action in the reason (%s)', (lang) => {
    const cases: [string, string, Record<string, string | number>][] = [
      ['7H', 'kb_card', { expected: 116, next: 'TH', next_expected: -3 }],
      ['7H', 'kb_close', { expected: 1, next: 'TH', next_expected: 1 }],
      ['trumps:S', 'kb_contract', { expected: 303, next: 'queens', next_expected: 192, deals: 48 }],
      ['trumps:S', 'kb_contract_later', { expected: 303, next: 'queens', next_expected: 192, deals: 48 }],
      ['AS', 'ba_card', { expected: 20, next: 'TS', next_expected: 12 }],
      ['AS', 'ba_close', { expected: 20, next: 'TS', next_expected: 20 }],
      ['hokum:S', 'ba_bid', { expected: 11, deals: 20 }],
      ['double', 'ba_double', { expected: 11, deals: 20, next: 'pass', next_expected: 3 }],
      ['open:7H,8H,9H', 'jo_open', { points: 40, needed: 40 }],
      ['meld:2S,3S,4S', 'jo_meld', { points: 9, meld: '2S,3S,4S' }],
      ['lay:1:TH', 'jo_lay', { points: 10, card: 'TH', meld: '7H,8H,9H' }],
      ['swap:1:7C', 'jo_swap', { points: 7, card: '7C', meld: '5C,6C,JK=7C' }],
      ['draw', 'jo_draw', {}],
      ['take:2', 'jo_rated', { expected: 20, next: 'draw', next_expected: -4, deals: 9 }],
      ['take:2', 'jo_close', { expected: 20, next: 'draw', next_expected: 19, deals: 9 }],
    ];
    for (const [action, key, vars] of cases) {
      const hint = { ...card, action, reason: { key, vars: { action, ...vars } } };
      const text = reasonText(hint, lang);
      expect(text, key).not.toMatch(/[{}]|undefined|NaN/);
      expect(text, key).not.toBe(t('hint_expert_choice', {}, lang));
      expect(text.toLowerCase(), key).not.toContain(suggestionText(action, lang).toLowerCase());
    }
  });

  it('tells a choice and its runner-up apart when whole points would show them equal', () => {
    const tied = { ...card, action: 'discard:5D', reason: { key: 'jo_rated', vars: { action: 'discard:5D', expected: -16.6, next: 'discard:6S', next_expected: -17.2, deals: 9 } } };
    expect(reasonText(tied, 'en')).toBe("About -16.6 points against the others' average over 9 play-outs; discard 6♠: -17.2.");
    expect(reasonText(card, 'en')).toContain('+116');
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
