import { describe, expect, it } from 'vitest';
import {
  choices,
  finishedTrick,
  lastSaid,
  parseBalootEvent,
  projectParts,
  roundWhy,
  sayName,
  teamOf,
  trumpOf,
  type BalootDeal,
  type BalootView,
} from './baloot';
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
    expect(roundWhy(d)).toEqual({ totals: [9, 7], why: { kind: 'failed', buyer: 1, mine: 7, theirs: 9 } });
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
