// Phrases of the lobby's game tiles, watching tables in play and the "How to play" pages,
// in both languages: es.ts and en.ts merge them. Every key needs both languages.

const es = {
  howToPlay: 'Cómo se juega',
  foreignGame: 'Esta mesa es de «{game}», que este navegador aún no sabe mostrar.',
  rulesOf: 'Reglas de {game}',
  rulesMissing: 'No hay reglas para «{game}».',
  rulesRoom: 'La sala',
  tilePlayers: '{n} jugadores',
  tileLength: '{n} min aprox.',
  tileQuick: 'Jugar ya',
  tileNew: 'Nueva mesa',
  inPlay: 'Mesas en juego',
  noInPlay: 'Ahora no se juega ninguna mesa que puedas mirar.',
  ratedTable: 'Puntúa para el Elo',
  unratedTable: 'Amistosa',
  myGames: 'Tus juegos',
  recentResults: 'Últimos resultados',
  dealOf: 'reparto {n}',
  blurb_king_bolola: 'Veinticuatro repartos y nueve contratos: evita bazas, damas y el rey de corazones, y luego llévatelo todo.',
  blurb_hearts_trumps: 'Dos jugadores colocan a la vez, en secreto, botín, atacante y defensor. Los corazones mandan.',
  blurb_baloot: 'Dos parejas subastan Hokum o Sun, doblan y declaran proyectos. A 152 puntos.',
};

const en: typeof es = {
  howToPlay: 'How to play',
  foreignGame: 'This table plays “{game}”, which this browser cannot show yet.',
  rulesOf: 'Rules of {game}',
  rulesMissing: 'There are no rules for “{game}”.',
  rulesRoom: 'The room',
  tilePlayers: '{n} players',
  tileLength: 'about {n} min',
  tileQuick: 'Play now',
  tileNew: 'New table',
  inPlay: 'Tables in play',
  noInPlay: 'No table you may watch is being played right now.',
  ratedTable: 'Rated',
  unratedTable: 'Friendly',
  myGames: 'Your games',
  recentResults: 'Recent results',
  dealOf: 'deal {n}',
  blurb_king_bolola: 'Twenty-four deals, nine contracts: dodge tricks, queens and the king of hearts, then take everything.',
  blurb_hearts_trumps: 'Two players place loot, attacker and defender at once, in secret. Hearts rule.',
  blurb_baloot: 'Two teams bid Hokum or Sun, double and declare projects. First to 152.',
};

export const phrases = { es, en };
