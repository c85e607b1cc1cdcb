import { describe, expect, it } from 'vitest';
import { houseOf, matchKeysOf, placeKey } from '../../src/leads/match-keys';
import { phoneMatchKey } from '../../src/rules/phone';

/** The rules that tell a customer who comes back (src/leads/match-keys.ts, src/rules/phone.ts). */

describe('phoneMatchKey', () => {
  it('gives a UK number one key however it was written', () => {
    for (const written of [
      '07700900777',
      '07700 900777',
      '+44 7700 900777',
      '+447700900777',
      '0044 7700 900777',
      '+44 (0)7700 900777',
      '07700-900-777',
      ' 07700\u00a0900777 ',
    ]) {
      expect(phoneMatchKey(written), written).toBe('07700900777');
    }
  });

  it('tells other numbers apart, keys a foreign number without its 00, and gives none for none', () => {
    expect(phoneMatchKey('07700 900778')).not.toBe(phoneMatchKey('07700 900777'));
    expect(phoneMatchKey('01632 960123')).toBe('01632960123');
    expect(phoneMatchKey('+33 1 23 45 67 89')).toBe(phoneMatchKey('0033 1 23 45 67 89'));
    expect(phoneMatchKey('')).toBe('');
  });
});

describe('houseOf and placeKey', () => {
  it('take the leading house number, with its letter or range', () => {
    expect(houseOf('4 Mill Lane, Lymington SO41 9AA')).toBe('4');
    expect(houseOf('4, Mill Lane')).toBe('4');
    expect(houseOf('4A Mill Lane')).toBe('4a');
    expect(houseOf('12 - 14 High Street')).toBe('12-14');
  });

  it('take a house name, or a flat, before the rest of the address', () => {
    expect(houseOf('Rose Cottage, Mill Lane, Lymington SO41 9AA')).toBe('rose cottage');
    expect(houseOf('Flat 2, 10 High Street, Poole')).toBe('flat 2');
  });

  it('take no house from a street or a town alone', () => {
    expect(houseOf('Mill Lane, Lymington SO41 9AA')).toBe('');
    expect(houseOf('Lymington SO41 9AA')).toBe('');
    expect(houseOf('SO41 9AA')).toBe('');
    expect(houseOf('')).toBe('');
  });

  it('pair the postcode, however spaced, with the house; nothing without both', () => {
    expect(placeKey('4 Mill Lane, Lymington SO41 9AA')).toBe('SO419AA 4');
    expect(placeKey('4, mill ln, lymington, so419aa')).toBe('SO419AA 4');
    expect(placeKey('6 Mill Lane, Lymington SO41 9AA')).toBe('SO419AA 6');
    expect(placeKey('4 Mill Lane, Lymington')).toBe('');
    expect(placeKey('Lymington SO41 9AA')).toBe('');
  });
});

describe('matchKeysOf', () => {
  it('keys the e-mail trimmed and in lower case', () => {
    expect(
      matchKeysOf({ phone: '+44 7700 900777', email: '  Ann.Smith@Example.ORG ', address: '4 Mill Lane, SO41 9AA' }),
    ).toEqual({
      matchPhone: '07700900777',
      matchEmail: 'ann.smith@example.org',
      matchPlace: 'SO419AA 4',
    });
  });
});
