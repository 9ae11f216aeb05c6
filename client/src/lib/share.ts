// Sharing a link (issue 17): the Web Share API where the browser has it (phones), else the
// clipboard; says which happened so the page can tell the player.
export async function shareLink(url: string, title: string): Promise<'shared' | 'copied' | 'failed'> {
  const nav = typeof navigator === 'undefined' ? null : navigator;
  if (nav && typeof nav.share === 'function') {
    try {
      await nav.share({ url, title });
      return 'shared';
    } catch {
      // Cancelled or refused: fall back to the clipboard.
    }
  }
  try {
    await nav?.clipboard?.writeText(url);
    return nav?.clipboard ? 'copied' : 'failed';
  } catch {
    return 'failed';
  }
}

/** The public page of a finished match, as an absolute address. */
export function matchUrl(id: number, origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}/match/${id}`;
}
