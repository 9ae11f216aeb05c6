// The board registry: each game's parts for the table shell (see BoardEntry in types.ts).
// A new game adds its board folder and one line here.
import { baloot } from '../../components/boards/baloot';
import { jolly } from '../../components/boards/jolly';
import { heartsTrumps } from '../../components/boards/hearts-trumps';
import { kingBolola } from '../../components/boards/king-bolola';
import type { GameId } from './game-view';
import type { BoardEntry } from './types';

export const BOARDS: Record<GameId, BoardEntry> = {
  'king-bolola': kingBolola,
  'hearts-trumps': heartsTrumps,
  baloot,
  jolly,
};
