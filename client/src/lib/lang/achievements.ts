// Phrases of the milestones (issue 17: the profile's achievements, the dialog that
// announces one, the card backs and felts levels unlock), in every language; es.ts, en.ts
// and ar.ts merge them. A game's feats are named in `feats` by their key (`game:feat`, as
// the server sends it), the designs in `designs` by name.

const es = {
  achTitle: 'Logros',
  achNone: 'Todavía ningún logro: debajo, lo que llevas de cada uno.',
  achFirstWin: 'Primera victoria',
  achFirstWinHow: 'Gana una partida de cualquier juego.',
  achMatches: '{n} partidas',
  achMatchesHow: 'Termina {n} partidas.',
  achStreak: '{n} días seguidos',
  achStreakHow: 'Recoge la recompensa diaria {n} días seguidos.',
  achFirstWinGame: 'Primera victoria en {game}',
  achFirstWinGameHow: 'Gana una partida de {game}.',
  achLeagueGame: 'Liga {league} en {game}',
  achLeagueGameHow: 'Llega a la liga {league} en {game}.',
  achUnlockedOn: 'Conseguido el {date}',
  achProgress: '{count} de {goal}',
  achUnlockedTitle: '¡Logro conseguido!',
  achUnlockedMany: '¡{n} logros conseguidos!',
  newDesigns: 'Nuevos diseños: {names}',
  lookTitle: 'Tus cartas y tu mesa',
  lookBacks: 'Reverso de las cartas',
  lookFelts: 'Tapete',
  lookLocked: 'Nivel {n}',
  lookFailed: 'No se pudo guardar: {reason}',
};

const en: Record<keyof typeof es, string> = {
  achTitle: 'Achievements',
  achNone: 'No achievement yet: below, how far along you are in each.',
  achFirstWin: 'First win',
  achFirstWinHow: 'Win a match of any game.',
  achMatches: '{n} matches',
  achMatchesHow: 'Finish {n} matches.',
  achStreak: '{n} days in a row',
  achStreakHow: 'Claim the daily reward {n} days in a row.',
  achFirstWinGame: 'First win at {game}',
  achFirstWinGameHow: 'Win a match of {game}.',
  achLeagueGame: '{league} league at {game}',
  achLeagueGameHow: 'Reach the {league} league at {game}.',
  achUnlockedOn: 'Unlocked on {date}',
  achProgress: '{count} of {goal}',
  achUnlockedTitle: 'Achievement unlocked!',
  achUnlockedMany: '{n} achievements unlocked!',
  newDesigns: 'New designs: {names}',
  lookTitle: 'Your cards and table',
  lookBacks: 'Card back',
  lookFelts: 'Table felt',
  lookLocked: 'Level {n}',
  lookFailed: 'Could not save: {reason}',
};

const ar: Record<keyof typeof es, string> = {
  achTitle: 'الإنجازات',
  achNone: 'لا إنجازات بعد: تجد أدناه تقدّمك في كل منها.',
  achFirstWin: 'أول فوز',
  achFirstWinHow: 'فُز بمباراة في أي لعبة.',
  achMatches: '{n} من المباريات',
  achMatchesHow: 'أكمل {n} من المباريات.',
  achStreak: '{n} أيام متتالية',
  achStreakHow: 'استلم المكافأة اليومية {n} أيام متتالية.',
  achFirstWinGame: 'أول فوز في {game}',
  achFirstWinGameHow: 'فُز بمباراة {game}.',
  achLeagueGame: 'دوري {league} في {game}',
  achLeagueGameHow: 'اصعد إلى دوري {league} في {game}.',
  achUnlockedOn: 'تحقق في {date}',
  achProgress: '{count} من {goal}',
  achUnlockedTitle: 'إنجاز جديد!',
  achUnlockedMany: '{n} إنجازات جديدة!',
  newDesigns: 'تصاميم جديدة: {names}',
  lookTitle: 'أوراقك وطاولتك',
  lookBacks: 'ظهر الورق',
  lookFelts: 'لون الطاولة',
  lookLocked: 'المستوى {n}',
  lookFailed: 'تعذّر الحفظ: {reason}',
};

export const phrases = { es, en, ar };

/** Each game's feats: a title and what to do, by the server's key. */
export const feats: Record<'es' | 'en' | 'ar', Record<string, [string, string]>> = {
  es: {
    'king-bolola:bolola-positive-10': [
      'Diez bazas en Bolola positivo',
      'Gana diez bazas o más en una mano de Bolola positivo.',
    ],
    'baloot:kaboot': ['Kaboot', 'Tu equipo gana las ocho bazas de una mano.'],
    'jolly:mano-jolly': ['Mano jolly', 'Baja todas tus cartas en un turno sin haber abierto.'],
    'hearts-trumps:bonus-59': ['Bonus de 59', 'Captura más cartas de botín que tu rival en una mano.'],
  },
  en: {
    'king-bolola:bolola-positive-10': [
      'Ten tricks in Bolola positive',
      'Take ten tricks or more in one deal of Bolola positive.',
    ],
    'baloot:kaboot': ['Kaboot', 'Your team takes all eight tricks of a deal.'],
    'jolly:mano-jolly': ['Mano jolly', 'Put all your cards down in one turn without having opened.'],
    'hearts-trumps:bonus-59': ['The 59 bonus', 'Capture more loot cards than the other player in a deal.'],
  },
  ar: {
    'king-bolola:bolola-positive-10': ['عشر أكلات في بولولا موجب', 'اكسب عشر أكلات أو أكثر في توزيعة من بولولا موجب.'],
    'baloot:kaboot': ['كبوت', 'فريقك يأكل الأكلات الثماني في توزيعة.'],
    'jolly:mano-jolly': ['مانو جولي', 'انزل كل أوراقك في دور واحد دون أن تكون قد فتحت.'],
    'hearts-trumps:bonus-59': ['مكافأة 59', 'اغنم أوراق غنيمة أكثر من خصمك في توزيعة.'],
  },
};

/** The designs' names (progression/cosmetics.py names them; lib/cosmetics draws them). */
export const designs: Record<'es' | 'en' | 'ar', Record<string, string>> = {
  es: {
    classic: 'Clásico',
    crimson: 'Carmesí',
    lattice: 'Celosía',
    night: 'Noche',
    gold: 'Oro',
    green: 'Verde',
    blue: 'Azul',
    burgundy: 'Burdeos',
    slate: 'Pizarra',
    royal: 'Real',
  },
  en: {
    classic: 'Classic',
    crimson: 'Crimson',
    lattice: 'Lattice',
    night: 'Night',
    gold: 'Gold',
    green: 'Green',
    blue: 'Blue',
    burgundy: 'Burgundy',
    slate: 'Slate',
    royal: 'Royal',
  },
  ar: {
    classic: 'كلاسيكي',
    crimson: 'قرمزي',
    lattice: 'شبكي',
    night: 'ليلي',
    gold: 'ذهبي',
    green: 'أخضر',
    blue: 'أزرق',
    burgundy: 'عنابي',
    slate: 'رمادي',
    royal: 'ملكي',
  },
};
