// Cosmetic rewards (issue 17): the card back and the table felt a player chose among those
// their level unlocked. The server keeps the catalogue (which level unlocks what) and each
// player's choice; the designs themselves are drawn here, by name.
import { locale } from './i18n.svelte';
import { designs } from './lang/achievements';

export type CosmeticKind = 'back' | 'felt';

export interface Cosmetic {
  kind: CosmeticKind;
  name: string;
  level: number;
}

/** Each felt's two greens (or blues…): the light centre and the dark rim of the table. */
export const FELTS: Readonly<Record<string, { light: string; dark: string }>> = {
  green: { light: '#1f7a55', dark: '#0f3d2e' },
  blue: { light: '#1f5f8a', dark: '#0d2d45' },
  burgundy: { light: '#7a2437', dark: '#3a0f1a' },
  slate: { light: '#4a5866', dark: '#1f262d' },
  royal: { light: '#4b2f86', dark: '#21133f' },
};

export const BACKS: readonly string[] = ['classic', 'crimson', 'lattice', 'night', 'gold'];

export const look = $state<{ back: string; felt: string }>({ back: 'classic', felt: 'green' });

/** Wear a player's choice (an unknown name, from a newer server, keeps the default). */
export function applyLook(back: string | null | undefined, felt: string | null | undefined): void {
  look.back = back && BACKS.includes(back) ? back : 'classic';
  look.felt = felt && felt in FELTS ? felt : 'green';
  if (typeof document === 'undefined') return;
  const colours = FELTS[look.felt] ?? FELTS.green!;
  const style = document.documentElement.style;
  style.setProperty('--felt-light', colours.light);
  style.setProperty('--felt-dark', colours.dark);
}

/** What levelling up from `before` to `after` unlocked, in catalogue order. */
export function unlockedBetween(catalogue: readonly Cosmetic[], before: number, after: number): Cosmetic[] {
  return catalogue.filter((c) => c.level > before && c.level <= after);
}

/** Whether a player of `level` may wear `c`. */
export function isUnlocked(c: Cosmetic, level: number): boolean {
  return c.level <= level;
}

/** A design's name in the player's language. */
export function designName(name: string): string {
  return designs[locale.lang][name] ?? designs.en[name] ?? name;
}
