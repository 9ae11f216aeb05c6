// Generated avatars: a player's name picks a colour pair and a pattern, the same on every
// screen and every machine (no uploads). Bots get a robot face in their level's colour.

export interface AvatarLook {
  initials: string;
  hue: number;
  pattern: number; // 0..3: plain, rings, stripes, dots
  bot: boolean;
}

/** FNV-1a over the name's UTF-16 units: stable across browsers. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Up to two letters: the first of the first two words (or parts split by - _ .). */
export function initials(name: string): string {
  const words = name
    .replace(/^(guest|bot)-/i, '')
    .split(/[\s\-_.]+/)
    .filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  const out = letters.join('').toUpperCase();
  return out || '?';
}

export function avatarLook(name: string, bot = false): AvatarLook {
  const h = nameHash(name);
  return { initials: bot ? '' : initials(name), hue: h % 360, pattern: (h >>> 9) % 4, bot };
}
