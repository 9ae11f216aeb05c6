// Players' levels for the seats (a seat names its player, rating and league; the level
// comes from the player's public profile, asked once per name and page).
import { api } from '../api';

const levels = $state<Record<string, number>>({});
const asked = new Set<string>();

/** The player's level once known (null until the profile answers, or if it fails). */
export function levelOf(name: string): number | null {
  if (!asked.has(name)) {
    asked.add(name);
    api.player(name).then(
      (p) => (levels[name] = p.level),
      () => undefined,
    );
  }
  return levels[name] ?? null;
}

