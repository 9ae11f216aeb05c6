// Per-browser preferences: sound, four-colour suits. Remembered in localStorage.

function load(key: string, fallback: boolean): boolean {
  if (typeof localStorage === 'undefined') return fallback;
  const v = localStorage.getItem(key);
  return v === null ? fallback : v === '1';
}

export const prefs = $state({
  muted: load('bolola.muted', false),
  fourColours: load('bolola.fourColours', false),
});

export function setMuted(muted: boolean): void {
  prefs.muted = muted;
  localStorage.setItem('bolola.muted', muted ? '1' : '0');
}

export function setFourColours(on: boolean): void {
  prefs.fourColours = on;
  localStorage.setItem('bolola.fourColours', on ? '1' : '0');
}
