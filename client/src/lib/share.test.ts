import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchUrl, shareLink } from './share';

describe('sharing a match', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes the public address of a match', () => {
    expect(matchUrl(12, 'https://cards.example.org')).toBe('https://cards.example.org/match/12');
  });

  it('uses the Web Share API where the browser has it', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { share, clipboard: { writeText: vi.fn() } });
    expect(await shareLink('https://x/match/1', 'Match 1')).toBe('shared');
    expect(share).toHaveBeenCalledWith({ url: 'https://x/match/1', title: 'Match 1' });
  });

  it('copies the link otherwise, or when sharing is cancelled', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await shareLink('https://x/match/2', 'Match 2')).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://x/match/2');
    const refused = vi.fn(async () => Promise.reject(new Error('AbortError')));
    vi.stubGlobal('navigator', { share: refused, clipboard: { writeText } });
    expect(await shareLink('https://x/match/3', 'Match 3')).toBe('copied');
    vi.stubGlobal('navigator', {});
    expect(await shareLink('https://x/match/4', 'Match 4')).toBe('failed');
  });
});
