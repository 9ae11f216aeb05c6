import { describe, expect, it } from 'vitest';
import {
  bidPrompt,
  boughtLine,
  choices,
  contractLine,
  finishedTrick,
  handOrder,
  helpStage,
  projectHelp,
  lastSaid,
  parseBalootEvent,
  projectParts,
  purchaseOfText,
  roundWhy,
  roundWhyText,
  sayHelp,
  sheetContract,
  sheetRowOfText,
  sayName,
  teamOf,
  teamWords,
  trumpOf,
  type BalootDeal,
  type BalootView,
  type BidPrompt,
} from './baloot';
import { sortHand } from './cards';
import { t, type Lang } from './i18n.svelte';
import { phrases } from './lang/baloot';

const base: BalootView = {
  game: 'baloot',
  seat: 0,
  to_move: [0],
  legal: [],
  deal: 1,
  dealer: 3,
  phase: 'bid',
  bid_card: 'KS',
  bid_round: 1,
  bid_stage: 'speak',
  standing: null,
  bids: [],
  contract: null,
  buyer: null,
  caller: null,
  level: 1,
  gahwa: false,
  doubles: [],
  hand: ['7S', '9S', 'JD', 'QD', 'JC'],
  hand_counts: [5, 5, 5, 5],
  trick: [],
  tricks: [],
  my_projects: [],
  projects: null,
  baloot: null,
  abnat: [0, 0],
  totals: [0, 0],
  history: [],
  winner: null,
  options: {},
};

describe('baloot', () => {
  it('sorts what the player may say into bids, suits, projects and cards', () => {
    const c = choices(['pass', 'hokum:H', 'sun', 'hokum:D', 'project:sira:7H,8H,9H', 'QS', 'ashkal', 'hokum']);
    expect(c.says).toEqual(['hokum', 'sun', 'ashkal', 'pass']);
    expect(c.suits).toEqual(['hokum:H', 'hokum:D']);
    expect(c.projects).toEqual(['project:sira:7H,8H,9H']);
    expect(c.cards).toEqual(['QS']);
  });

  it('knows teams, trumps and projects (BA-1, BA-10, BA-17)', () => {
    expect([0, 1, 2, 3].map(teamOf)).toEqual([0, 1, 0, 1]);
    expect(trumpOf('hokum:S')).toBe('S');
    expect(trumpOf('sun')).toBeNull();
    expect(projectParts('project:hundred:JS,JH,JD,JC')).toEqual({ kind: 'hundred', cards: ['JS', 'JH', 'JD', 'JC'] });
    expect(sayName('hokum:H', 'en')).toBe('Hokum in hearts');
    expect(sayName('double', 'es')).toBe('Doblar');
  });

  it('reads every event line the server sends', () => {
    expect(parseBalootEvent('deal 2 dealer 0 bid card 9H')).toEqual({ kind: 'deal', deal: 2, dealer: 0, bidCard: '9H' });
    expect(parseBalootEvent('say 1 hokum:S')).toEqual({ kind: 'say', seat: 1, said: 'hokum:S' });
    expect(parseBalootEvent('bought sun by 1')).toEqual({ kind: 'bought', contract: 'sun', buyer: 1 });
    expect(parseBalootEvent('level gahwa')).toEqual({ kind: 'level', level: 4, gahwa: true });
    expect(parseBalootEvent('trick 3 to 2 [AH 7H TH 9H] 21')).toEqual({
      kind: 'trick',
      no: 3,
      seat: 2,
      cards: ['AH', '7H', 'TH', '9H'],
      abnat: 21,
    });
    expect(parseBalootEvent('projects 3:project:sira:8C,9C,TC')).toEqual({
      kind: 'projects',
      shown: ['3:project:sira:8C,9C,TC'],
    });
    expect(parseBalootEvent('score 4 hokum:S 9 7 totals 40 31')).toEqual({
      kind: 'score',
      deal: 4,
      points: [9, 7],
      totals: [40, 31],
    });
    expect(parseBalootEvent('something new').kind).toBe('other');
  });

  it('holds the trick an update finished, led by whoever led it on screen', () => {
    const before: BalootView = {
      ...base,
      phase: 'play',
      trick: [
        { seat: 1, card: 'AH' },
        { seat: 2, card: '7H' },
        { seat: 3, card: 'TH' },
      ],
    };
    expect(finishedTrick(['play 0 9H', 'trick 1 to 1 [AH 7H TH 9H] 21'], before, null)).toEqual({
      leader: 1,
      cards: ['AH', '7H', 'TH', '9H'],
      winner: 1,
      points: 21,
    });
    expect(finishedTrick(['play 0 9H'], before, null)).toBeNull();
  });

  it('shows what each seat said last, doubles included', () => {
    const v: BalootView = {
      ...base,
      bids: [
        { round: 1, seat: 0, stage: 'speak', said: 'pass' },
        { round: 1, seat: 1, stage: 'speak', said: 'hokum' },
      ],
      doubles: [{ seat: 0, said: 'double' }],
    };
    expect([...lastSaid(v)]).toEqual([
      [0, 'double'],
      [1, 'hokum'],
    ]);
  });

  it('says why a bid failed from the teams totals (BA-23)', () => {
    const d: BalootDeal = {
      deal: 3,
      dealer: 1,
      passed_out: false,
      declared: [[], [], [], []],
      baloot_seat: null,
      contract: 'hokum:S',
      buyer: 1,
      abnat: [96, 66],
      converted: [9, 7],
      projects: [0, 0],
      baloot: [0, 0],
      level: 1,
      gahwa: false,
      kaboot: null,
      failed: true,
      winner: 0,
      points: [16, 0],
    };
    expect(roundWhy(d)).toEqual({ totals: [9, 7], why: { kind: 'failed', buyer: 1, mine: 7, theirs: 9, projects: false } });
    expect(roundWhy({ ...d, failed: false, winner: 1 }).why.kind).toBe('made');
    expect(roundWhy({ ...d, kaboot: 0 }).why).toEqual({ kind: 'kaboot', team: 0 });
    expect(roundWhy({ deal: 1, dealer: 3, passed_out: true, declared: [], baloot_seat: null }).why.kind).toBe('passedOut');
  });
});

describe('the words of a Baloot deal', () => {
  it.each(['es', 'en', 'ar'] as const)('name a deal the same in its summary and its bar in %s', (lang) => {
    const words = phrases[lang];
    expect(words.baRoundOver).toBe(words.baDeal);
  });
});

/** A bid prompt in words, its rule id after it (as the panel on the felt shows it). */
function bidPromptText(p: BidPrompt, lang: Lang): string {
  return `${t(p.key, p.vars, lang)} (${p.rule})`;
}

describe('the decision owed in the bidding (BA-5 … BA-8)', () => {
  const names = ['Ana', 'Bo', 'Cy', 'Di'];
  const nameOf = (s: number): string => names[s] ?? '?';
  const words = (v: BalootView, mine = true): string => {
    const p = bidPrompt(v, mine, nameOf, 'en');
    return p ? bidPromptText(p, 'en') : '';
  };

  it('asks a first-round bid, then a second-round one naming the other suits', () => {
    expect(words(base)).toBe('Your bid, round 1: Hokum, Sun or pass (BA-5)');
    expect(words({ ...base, legal: ['pass', 'hokum', 'sun', 'ashkal'] })).toBe('Your bid, round 1: Hokum, Sun, Ashkal or pass (BA-5)');
    expect(words({ ...base, bid_round: 2 })).toBe('Your bid, round 2: Hokum in a suit other than spades, Sun or pass (BA-8)');
  });

  it('says a standing Hokum can only be overcalled with a Sun (BA-6)', () => {
    const v: BalootView = { ...base, seat: 2, to_move: [2], standing: { seat: 1, said: 'hokum' } };
    expect(words(v)).toBe('Bo said Hokum: only a Sun goes over it; else pass (BA-6)');
  });

  it("tells the Hokum caller everyone passed: confirm or switch, not another bid (BA-6)", () => {
    const v: BalootView = { ...base, bid_stage: 'confirm', standing: { seat: 0, said: 'hokum' }, legal: ['hokum', 'sun'] };
    expect(words(v)).toBe('Nobody went over your Hokum: confirm it, or switch to Sun (BA-6)');
    expect(words({ ...v, seat: 1 }, false)).toBe('Ana confirms Hokum or switches to Sun (BA-6)');
    expect(sayHelp('hokum', 'en', 'confirm')).toBe('Keep your Hokum');
    expect(sayHelp('sun', 'en', 'confirm')).toBe('Switch it to Sun');
    expect(sayHelp('hokum', 'en', 'speak')).toBe('The bid card, its suit trumps');
  });

  it("offers an earlier speaker the Sun to claim after an opponent's Ashkal (BA-7)", () => {
    const v: BalootView = { ...base, bid_stage: 'claim', standing: { seat: 3, said: 'ashkal' }, legal: ['pass', 'sun'] };
    expect(words(v)).toBe('Di said Ashkal: as you spoke earlier, you may claim the Sun yourself, or pass and let it stand (BA-7)');
    expect(words({ ...v, seat: 1 }, false)).toBe('Ana may claim the Sun of Di (BA-7)');
    expect(sayHelp('sun', 'en', 'claim')).toBe('The Sun becomes yours');
    expect(sayHelp('pass', 'en', 'claim')).toBe('The Sun stays with its caller');
    expect(sayHelp('pass', 'en', 'speak')).toBeNull();
  });

  it("tells an Ashkal caller's partner they play the Sun whichever they say (BA-7, BA-10)", () => {
    const v: BalootView = { ...base, bid_stage: 'claim', seat: 0, to_move: [0], standing: { seat: 2, said: 'ashkal' }, legal: ['pass', 'sun'] };
    expect(words(v)).toBe('Your partner Cy said Ashkal: you play the Sun either way. Claim it as your own Sun, or pass (BA-7)');
    expect(helpStage(v)).toBe('partnerAshkal');
    expect(sayHelp('pass', 'en', helpStage(v))).toBe("Your partner's Ashkal stands");
    expect(sayHelp('sun', 'en', helpStage(v))).toBe('A plain Sun, yours');
    // An opponent's Ashkal is a claim as any other.
    expect(helpStage({ ...v, seat: 1, to_move: [1] })).toBe('claim');
  });

  it('names the decision in every language, with its rule', () => {
    const v: BalootView = { ...base, bid_stage: 'claim', standing: { seat: 2, said: 'ashkal' } };
    for (const lang of ['es', 'en', 'ar'] as const) {
      const p = bidPrompt(v, true, nameOf, lang);
      expect(p?.rule).toBe('BA-7');
      const text = p ? bidPromptText(p, lang) : '';
      expect(text).toContain('Cy');
      expect(text).toContain(phrases[lang].baSay_ashkal);
      expect(text).toContain('(BA-7)');
      expect(text).not.toMatch(/\{\w+\}/);
    }
  });

  it('names the raise on offer in the doubling, and who raised last (BA-11, BA-12)', () => {
    const hokum: BalootView = { ...base, phase: 'double', bid_stage: null, contract: 'hokum:S', buyer: 0, seat: 1, to_move: [1] };
    expect(words(hokum)).toBe('Double? (BA-11)');
    expect(words({ ...hokum, seat: 0 }, false)).toBe('Bo may double (BA-11)');
    const doubled = { ...hokum, level: 2, seat: 0, to_move: [0], doubles: [{ seat: 1, said: 'double' }] };
    expect(words(doubled)).toBe('Bo doubled: triple? (BA-11)');
    expect(words({ ...doubled, seat: 2 }, false)).toBe('Ana may triple (BA-11)');
    const tripled = { ...doubled, level: 3, seat: 1, to_move: [1], doubles: [...doubled.doubles, { seat: 0, said: 'triple' }] };
    expect(words(tripled)).toBe('Ana tripled: say Four? (BA-11)');
    const four = { ...tripled, level: 4, seat: 0, to_move: [0], doubles: [...tripled.doubles, { seat: 1, said: 'four' }] };
    expect(words(four)).toBe('Bo said Four: say Gahwa? (BA-11)');
    expect(words({ ...four, seat: 3 }, false)).toBe('Ana may say Gahwa (BA-11)');
    // A Sun's doubling is BA-12's, a declined Double before the other defender's not a raise.
    const sun = { ...hokum, contract: 'sun', doubles: [{ seat: 1, said: 'pass' }], seat: 3, to_move: [3] };
    expect(words(sun)).toBe('Double? (BA-12)');
    for (const lang of ['es', 'ar'] as const) {
      const p = bidPrompt(doubled, true, nameOf, lang);
      expect(p ? bidPromptText(p, lang) : '').toContain('Bo');
    }
  });

  it('owes nothing once the bidding and the doubling are over', () => {
    expect(bidPrompt({ ...base, phase: 'play', bid_stage: null }, true, nameOf)).toBeNull();
  });
});

describe('the hand under a contract (BA-2)', () => {
  const hand = ['7S', 'JS', 'TS', 'KS', 'AH', 'TH', 'KH', '9D', 'JD', 'QC'];

  it('puts the trump first in its own order, the colours alternating after it', () => {
    expect(sortHand(hand, handOrder('hokum:D'))).toEqual(['JD', '9D', 'TS', 'KS', 'JS', '7S', 'AH', 'TH', 'KH', 'QC']);
    expect(sortHand(hand, handOrder('hokum:S'))).toEqual(['JS', 'TS', 'KS', '7S', 'AH', 'TH', 'KH', 'QC', 'JD', '9D']);
  });

  it('orders every suit as A, 10, K, Q, J in a Sun and before the contract', () => {
    for (const contract of ['sun', null]) {
      expect(sortHand(hand, handOrder(contract))).toEqual(['TS', 'KS', 'JS', '7S', 'AH', 'TH', 'KH', 'QC', 'JD', '9D']);
    }
  });
});

describe('a project in a line (BA-17)', () => {
  it('tells a newcomer what each kind is', () => {
    expect(projectHelp('sira', 'en')).toBe('3 cards in a row of one suit');
    expect(projectHelp('four-hundred', 'es')).toBe('Cuatro ases, en Sun');
    expect(projectHelp('unknown')).toBe('');
  });
});

describe('a score sheet row (the contract of a finished deal)', () => {
  const played: BalootDeal = {
    deal: 2,
    dealer: 0,
    passed_out: false,
    declared: [[], [], [], []],
    baloot_seat: null,
    contract: 'hokum:H',
    buyer: 1,
    level: 2,
    gahwa: false,
    points: [0, 32],
  };
  const names = ['ana-long-name', 'bot-club-2', 'bo', 'bot-club-4'];
  const nameOf = (s: number): string => names[s] ?? '?';

  it('gives the kind, the trump, the doubling and where the buyer sits, seen from the reader', () => {
    expect(sheetContract(played, 0, nameOf, 'en')).toEqual({
      kind: 'Hokum',
      said: 'Hokum in hearts',
      trump: 'H',
      level: '×2',
      place: 'left',
      buyer: 'left',
      whole: 'bot-club-2 (left) bought: Hokum in hearts · Doubled',
    });
    // The same seat is another place for each reader: the one across is the partner.
    expect(sheetContract(played, 3, nameOf, 'en')?.buyer).toBe('partner');
    expect(sheetContract(played, 2, nameOf, 'en')?.buyer).toBe('right');
    expect(sheetContract(played, 1, nameOf, 'en')?.buyer).toBe('you');
  });

  it('names the buyer to a spectator, who has no place at the table', () => {
    const c = sheetContract({ ...played, buyer: 0 }, null, nameOf, 'en');
    expect(c?.place).toBeNull();
    expect(c?.buyer).toBe('ana-long-name');
    expect(c?.whole).toBe('ana-long-name bought: Hokum in hearts · Doubled');
  });

  it('leaves the trump to Hokum and the doubling mark to a doubled deal; Gahwa above all', () => {
    const sun = sheetContract({ ...played, contract: 'sun', level: 1 }, 0, nameOf, 'en');
    expect([sun?.kind, sun?.trump, sun?.level]).toEqual(['Sun', null, null]);
    expect(sun?.whole).toBe('bot-club-2 (left) bought: Sun');
    expect(sheetContract({ ...played, contract: 'ashkal', level: 3 }, 0, nameOf, 'en')?.level).toBe('×3');
    const gahwa = sheetContract({ ...played, level: 4, gahwa: true }, 0, nameOf, 'es');
    expect(gahwa?.level).toBe('Gahwa');
    expect(gahwa?.whole).toBe('bot-club-2 (izquierda) compró: Hokum a corazones · Gahwa');
  });

  it('has no contract for a deal passed out', () => {
    expect(sheetContract({ passed_out: true }, 0, nameOf)).toBeNull();
  });

  it('says it in every language, the suit in words and figures kept left to right in Arabic', () => {
    for (const lang of ['es', 'en', 'ar'] as const) {
      const c = sheetContract(played, 0, nameOf, lang);
      expect(c?.buyer).toBe(phrases[lang].baPlace_left);
      expect(c?.whole).toContain('bot-club-2');
      expect(c?.whole).toContain(phrases[lang].baLevel_2);
      expect(c?.whole).not.toMatch(/\{\w+\}/);
    }
    expect(sheetContract(played, 0, nameOf, 'es')?.whole).toContain('corazones');
    expect(sheetContract(played, 0, nameOf, 'ar')?.level).toBe('\u2066×2\u2069');
  });
});

describe("a match page's row, from the deal's text (the deal_scores hook's detail)", () => {
  const names = ['ana', 'bot-club-1', 'bo', 'bot-club-3'];
  const nameOf = (s: number): string => names[s] ?? '?';

  it('reads the contract, the doubling and the buyer; Gahwa as level four', () => {
    expect(purchaseOfText('hokum:H x2 by 1')).toEqual({ passed_out: false, contract: 'hokum:H', buyer: 1, level: 2, gahwa: false });
    expect(purchaseOfText('ashkal gahwa by 3')).toEqual({ passed_out: false, contract: 'ashkal', buyer: 3, level: 4, gahwa: true });
    expect(purchaseOfText('sun x1 by 0')?.level).toBe(1);
  });

  it('reads nothing from any other text: a bare kind, another game, a seat out of the table', () => {
    for (const text of ['hokum', 'sun', 'deal', 'queens', 'hokum:X x2 by 1', 'sun x5 by 0', 'sun x1 by 4', '']) {
      expect(purchaseOfText(text), text).toBeNull();
      expect(sheetRowOfText(text, nameOf, 'en'), text).toBeNull();
    }
  });

  it('gives what the in-table sheet gives, the trump in words and the buyer by name', () => {
    expect(sheetRowOfText('hokum:H x2 by 1', nameOf, 'en')).toEqual({ what: 'Hokum in hearts · ×2', who: 'bot-club-1' });
    expect(sheetRowOfText('hokum:S x1 by 2', nameOf, 'es')).toEqual({ what: 'Hokum a picas', who: 'bo' });
    expect(sheetRowOfText('sun gahwa by 0', nameOf, 'es')).toEqual({ what: 'Sun · Gahwa', who: 'ana' });
    expect(sheetRowOfText('ashkal x3 by 3', nameOf, 'en')).toEqual({ what: 'Ashkal · ×3', who: 'bot-club-3' });
    expect(sheetRowOfText('hokum:D x4 by 1', nameOf, 'ar')).toEqual({ what: `${phrases.ar.baSay_hokum} ديمن · \u2066×4\u2069`, who: 'bot-club-1' });
  });
});

describe('the purchase said on the felt', () => {
  const nameOf = (s: number): string => ['Ana', 'Bo', 'Cy', 'Di'][s] ?? '?';
  const bought: BalootView = { ...base, phase: 'double', bid_stage: null, contract: 'hokum:D', buyer: 1, caller: 1 };

  it('names the trump in words, as each language says a Hokum in a suit', () => {
    expect(boughtLine(bought, nameOf, 'en')).toBe('Bo bought: Hokum in diamonds');
    expect(boughtLine(bought, nameOf, 'es')).toBe('Bo compró: Hokum a diamantes');
    expect(boughtLine(bought, nameOf, 'ar')).toBe('Bo اشترى: حكم ديمن');
  });

  it("names an Ashkal's caller and the partner who plays its Sun (BA-10)", () => {
    const ashkal = { ...bought, contract: 'ashkal', buyer: 1, caller: 3 };
    expect(boughtLine(ashkal, nameOf, 'en')).toBe('Di called Ashkal: Bo plays the Sun');
    expect(boughtLine(ashkal, nameOf, 'es')).toBe('Di dijo Ashkal: Bo juega el Sun');
    expect(contractLine(ashkal, nameOf, (c) => c, 'en')).toBe("Bo's Sun (Ashkal by Di)");
    expect(contractLine(bought, nameOf, (c) => c, 'en')).toBe("Bo's hokum:D");
  });

  it('is said from the purchase to the first card only', () => {
    expect(boughtLine(base, nameOf, 'en')).toBeNull();
    expect(boughtLine({ ...bought, phase: 'play', trick: [{ seat: 1, card: '7D' }] }, nameOf, 'en')).toBeNull();
    expect(boughtLine({ ...bought, tricks: [{ leader: 1, cards: ['7D', '8D', '9D', 'TD'], winner: 3 }] }, nameOf, 'en')).toBeNull();
  });
});

describe('a team to a seated reader and to a spectator', () => {
  const nameOf = (s: number): string => ['Ana', 'Bo', 'Cy', 'Di'][s] ?? '?';
  const kaboot: BalootDeal = {
    deal: 2,
    dealer: 0,
    passed_out: false,
    declared: [[], [], [], []],
    baloot_seat: null,
    contract: 'sun',
    buyer: 1,
    converted: [0, 26],
    projects: [0, 0],
    baloot: [0, 0],
    level: 1,
    gahwa: false,
    kaboot: 1,
    failed: false,
    winner: 1,
    points: [0, 44],
  };

  it('is us or them to a seated reader, and its two players to a spectator', () => {
    expect([teamWords(0, 2, nameOf, 'en'), teamWords(1, 2, nameOf, 'en')]).toEqual(['Us', 'Them']);
    expect([teamWords(0, 3, nameOf, 'es'), teamWords(1, 3, nameOf, 'es')]).toEqual(['Ellos', 'Nosotros']);
    expect(teamWords(1, null, nameOf, 'en')).toBe('Bo and Di');
    expect(teamWords(0, null, nameOf, 'es')).toBe('Pareja de Ana y Cy');
  });

  it('says who took every trick or won a Gahwa, to a spectator by their names', () => {
    expect(roundWhyText(kaboot, 1, nameOf, 'es')).toBe('¡Kaboot! Las 8 bazas, para nosotros.');
    expect(roundWhyText(kaboot, 1, nameOf, 'en')).toBe('Kaboot! We took all 8 tricks.');
    expect(roundWhyText(kaboot, 0, nameOf, 'en')).toBe('Kaboot! They took all 8 tricks.');
    expect(roundWhyText(kaboot, null, nameOf, 'en')).toBe('Kaboot! Bo and Di took all 8 tricks.');
    expect(roundWhyText(kaboot, null, nameOf, 'es')).toBe('¡Kaboot! Las 8 bazas, para Bo y Di.');
    expect(roundWhyText(kaboot, null, nameOf, 'ar')).toBe('كبوت! الأكلات الثماني كلها لفريق Bo وDi.');
    const gahwa = { ...kaboot, kaboot: null, gahwa: true, level: 4, winner: 0 };
    expect(roundWhyText(gahwa, null, nameOf, 'en')).toBe('Gahwa: Ana and Cy win the deal and the match.');
    expect(roundWhyText(gahwa, 0, nameOf, 'ar')).toBe('قهوة: الجولة والمباراة لنا.');
    expect(roundWhyText(gahwa, 1, nameOf, 'en')).toBe('Gahwa: they win the deal and the match.');
    expect(roundWhyText(gahwa, 2, nameOf, 'es')).toBe('Gahwa: el reparto y la partida, para nosotros.');
  });

  it('names the buyer of a made or failed bid to every reader alike', () => {
    const made = { ...kaboot, kaboot: null, converted: [10, 16] };
    expect(roundWhyText(made, null, nameOf, 'en')).toBe(roundWhyText(made, 0, nameOf, 'en'));
    expect(roundWhyText(made, null, nameOf, 'en')).toContain("Bo's team bought and made it");
    expect(roundWhyText({ ...made, failed: true, winner: 0 }, null, nameOf, 'en')).toMatch(/takes 26\.$/);
    // "and the projects" only when some were declared.
    expect(roundWhyText({ ...made, failed: true, winner: 0, projects: [20, 0] }, null, nameOf, 'en')).toMatch(/takes 26 and the projects\.$/);
  });
});
