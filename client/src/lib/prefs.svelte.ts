// Per-browser preferences: sound, four-colour suits, the table's pace. Remembered in
// localStorage.
import type { Speed } from './table/pace';

function load(key: string, fallback: boolean): boolean {
  if (typeof localStorage === 'undefined') return fallback;
  const v = localStorage.getItem(key);
  return v === null ? fallback : v === '1';
}

export const prefs = $state({
  muted: load('bolola.muted', false),
  fourColours: load('bolola.fourColours', false),
  /** The table plays the others' moves quickly (about a quarter of the normal pace). */
  fast: load('bolola.fast', false),
});

export function setMuted(muted: boolean): void {
  prefs.muted = muted;
  localStorage.setItem('bolola.muted', muted ? '1' : '0');
}

export function setFourColours(on: boolean): void {
  prefs.fourColours = on;
  localStorage.setItem('bolola.fourColours', on ? '1' : '0');
}

export function setFast(on: boolean): void {
  prefs.fast = on;
  localStorage.setItem('bolola.fast', on ? '1' : '0');
}

/** The key of the test-only switch: `off` shows every update at once (the e2e tests). */
export const PACE_KEY = 'bolola.pace';

/** The table's pace now: off (tests only), fast, or normal. */
export function speed(): Speed {
  const forced = typeof localStorage === 'undefined' ? null : localStorage.getItem(PACE_KEY);
  if (forced === 'off' || forced === 'fast' || forced === 'normal') return forced;
  return prefs.fast ? 'fast' : 'normal';
}

/** The player asked their system for less motion. */
export function reducedMotion(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
