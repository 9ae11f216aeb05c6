import { describe, expect, it } from 'vitest';
import { KEEP_END, splitName } from './names';

describe('names cut in the middle', () => {
  it('keep the end that tells two bots apart', () => {
    expect(splitName('bot-beginner-1')).toEqual({ head: 'bot-begin', tail: 'ner-1' });
    expect(splitName('bot-beginner-3')).toEqual({ head: 'bot-begin', tail: 'ner-3' });
    expect(splitName('bot-beginner-1').tail).not.toBe(splitName('bot-beginner-3').tail);
    expect(splitName('guest-73ee9a8b', 4)).toEqual({ head: 'guest-73ee', tail: '9a8b' });
    expect(KEEP_END).toBe(5);
  });

  it('leave a short name whole, and the parts always make the name', () => {
    expect(splitName('ana')).toEqual({ head: 'ana', tail: '' });
    expect(splitName('ana-mar')).toEqual({ head: 'ana-mar', tail: '' });
    expect(splitName('ana-maria')).toEqual({ head: 'ana-', tail: 'maria' });
    expect(splitName('anamaria', 0)).toEqual({ head: 'anamaria', tail: '' });
    for (const name of ['bot-beginner-3', 'x', '', 'محمد-العتيبي-2', 'José 👍🏽 Núñez']) {
      const { head, tail } = splitName(name);
      expect(head + tail).toBe(name);
    }
  });

  it('never split a character in two', () => {
    const { head, tail } = splitName('player-😀😀😀😀😀');
    expect(head).toBe('player-');
    expect(tail).toBe('😀😀😀😀😀');
  });
});
