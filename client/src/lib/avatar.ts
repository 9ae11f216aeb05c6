// Generated avatars: a player's name picks a colour pair and a pattern, the same on every
// screen and every machine (no uploads). Bots get a robot face in their level's colour;
// guests a plain figure, since their name (guest-3fa2c1d0) has no letter of theirs in it.

export interface AvatarLook {
  initials: string;
  hue: number;
  pattern: number; // 0..3: plain, rings, stripes, dots
  bot: boolean;
  guest: boolean;
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

/**
 * A name the server made up for a guest (accounts.guest_name: "guest-" and hex digits).
 * Nobody can choose such a name (check_name reserves the prefix), and a guest who keeps
 * their player through an outside sign-in keeps it: it still names no one.
 */
export function isGuestName(name: string): boolean {
  return /^guest-[0-9a-f]+$/i.test(name);
}

const LETTER = /^\p{L}/u;

/**
 * Up to two letters: the first of the first two words (parts split by spaces, - _ .) that
 * begin with a letter ("ana_2" is "A", not "A2"); a name without such a word keeps its
 * first character ("2pac"). A guest's generated name has none: "".
 */
export function initials(name: string): string {
  if (isGuestName(name)) return '';
  const words = name
    .replace(/^bot-/i, '')
    .split(/[\s\-_.]+/)
    .filter(Boolean);
  const lettered = words.filter((w) => LETTER.test(w));
  const picked = (lettered.length ? lettered : words).slice(0, lettered.length ? 2 : 1);
  return picked.map((w) => Array.from(w)[0] ?? '').join('').toUpperCase() || '?';
}

export function avatarLook(name: string, bot = false): AvatarLook {
  const h = nameHash(name);
  const guest = !bot && isGuestName(name);
  return { initials: bot || guest ? '' : initials(name), hue: h % 360, pattern: (h >>> 9) % 4, bot, guest };
}
