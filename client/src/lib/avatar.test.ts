import { describe, expect, it } from 'vitest';
import { avatarLook, initials, isGuestName, nameHash } from './avatar';

describe('avatars', () => {
  it('are the same for the same name and differ between names', () => {
    expect(avatarLook('ana')).toEqual(avatarLook('ana'));
    expect(nameHash('ana')).not.toBe(nameHash('bo'));
  });
  it('take up to two initials, from the words that begin with a letter', () => {
    expect(initials('ana maría')).toBe('AM');
    expect(initials('zoe')).toBe('Z');
    expect(initials('ana_2')).toBe('A');
    expect(initials('Jose_Alvarez')).toBe('JA');
    expect(initials('p_guest-7')).toBe('PG');
    expect(initials('ñandú.rojo')).toBe('ÑR');
    expect(initials('2pac')).toBe('2');
    expect(initials('')).toBe('?');
  });
  it('know a generated guest name from a chosen one', () => {
    expect(isGuestName('guest-3fa2c1d0')).toBe(true);
    expect(isGuestName('GUEST-ABCDEF01')).toBe(true);
    expect(isGuestName('guest-')).toBe(false);
    expect(isGuestName('p_guest-7')).toBe(false);
    expect(isGuestName('guestana')).toBe(false);
    expect(isGuestName('ana')).toBe(false);
  });
  it('give a guest the plain figure, never a letter of the hex part', () => {
    for (const name of ['guest-3fa2c1d0', 'guest-4f2a', 'guest-deadbeef']) {
      expect(initials(name), name).toBe('');
      const look = avatarLook(name);
      expect(look.guest, name).toBe(true);
      expect(look.initials, name).toBe('');
    }
    // Guests still tell apart by their colours and pattern, as anyone does.
    expect(avatarLook('guest-3fa2c1d0').hue).not.toBe(avatarLook('guest-3fa2c1d1').hue);
    expect(avatarLook('ana').guest).toBe(false);
    expect(avatarLook('guest-3fa2c1d0', true)).toMatchObject({ bot: true, guest: false, initials: '' });
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
