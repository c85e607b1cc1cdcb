import { describe, expect, it } from 'vitest';
import { validateQuote } from '../../src/leads/schemas';
import { isPhoneNumber, isUkPhone } from '../../src/rules/phone';

/** A phone number written the UK way has a UK number's length (issue 47: a 10-digit mobile was taken). */

const quote = { 'full-name': 'Bob', email: 'bob@example.org', address: '1 High St, Poole', details: '', service: '' };

describe('a UK number', () => {
  const good = [
    '07700 900123',
    '07700900123',
    '+44 7700 900123',
    '+447700900123',
    '0044 7700 900123',
    '+44 (0)7700 900123',
    '01632 960123',
    '(01632) 960123',
    '020 7946 0000',
    '01697 73456',
    '0800 123456',
    '0800 123 4567',
  ];
  const wrongLength = [
    '0770090098',
    '07700 90098',
    '077009001234',
    '+44 7700 90098',
    '0044 770090098',
    '020 7946 000',
    '0345 123456',
  ];

  it('is taken from the lead forms and the site facts at its proper length', () => {
    for (const number of good) {
      expect(isPhoneNumber(number), number).toBe(true);
      // The site facts take a UK number as 0... or +44... only (not 0044, not +44 (0)).
      if (!/^00|\(0\)/.test(number)) expect(isUkPhone(number), number).toBe(true);
    }
  });

  it('is refused one digit short or long, with the form message', () => {
    for (const number of wrongLength) {
      expect(isPhoneNumber(number), number).toBe(false);
      expect(isUkPhone(number), number).toBe(false);
    }
    expect(validateQuote({ ...quote, phone: '0770090098' })).toEqual({
      ok: false,
      errors: { phone: 'Please enter a valid phone number, like 01632 960123.' },
    });
  });

  it('leaves a number written another way to the general rule (7 to 15 digits)', () => {
    for (const number of ['+33 6 12 34 56 78', '+1 202 555 0143', '00353 1 234 5678', '1234567']) {
      expect(isPhoneNumber(number), number).toBe(true);
    }
  });
});
