// Players' names where room is short: cut in the middle, never at the end, so that names
// which differ only at the end ("bot-beginner-1", "bot-beginner-3") stay apart on screen.

/** How many characters of a long name's end always show: "ner-1" tells it from "ner-3". */
export const KEEP_END = 5;

/**
 * A name in two parts for a cut in the middle: `head`, which the page may cut short with an
 * ellipsis, then `tail`, the last `keep` characters, always shown whole. "bot-beginner-3"
 * gives "bot-begin" + "ner-3", shown as "bot-be…ner-3" where it is narrow and whole where
 * it fits (the two parts side by side are the name). A name too short to gain from a cut
 * (`keep` + 2 characters or fewer) stays whole in `head`. Characters, not UTF-16 units: an
 * emoji or an accented letter is never split.
 */
export function splitName(name: string, keep: number = KEEP_END): { head: string; tail: string } {
  const chars = Array.from(name);
  const n = Math.max(0, Math.floor(keep));
  if (n === 0 || chars.length <= n + 2) return { head: name, tail: '' };
  return { head: chars.slice(0, -n).join(''), tail: chars.slice(-n).join('') };
}
