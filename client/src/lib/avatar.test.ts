import { describe, expect, it } from 'vitest';
import { avatarLook, initials, nameHash } from './avatar';

describe('avatars', () => {
  it('are the same for the same name and differ between names', () => {
    expect(avatarLook('ana')).toEqual(avatarLook('ana'));
    expect(nameHash('ana')).not.toBe(nameHash('bo'));
  });
  it('take up to two initials, skipping the guest- prefix', () => {
    expect(initials('ana maría')).toBe('AM');
    expect(initials('guest-4f2a')).toBe('4');
    expect(initials('zoe')).toBe('Z');
    expect(initials('')).toBe('?');
  });
  it('keep hue and pattern in range', () => {
    for (const n of ['a', 'bb', 'ccc', 'ñandú', '😀x']) {
      const look = avatarLook(n);
      expect(look.hue).toBeGreaterThanOrEqual(0);
      expect(look.hue).toBeLessThan(360);
      expect(look.pattern).toBeGreaterThanOrEqual(0);
      expect(look.pattern).toBeLessThan(4);
    }
  });
});
