import { describe, expect, it } from 'vitest';
import { validateContact } from '../../src/leads/schemas';
import { SEARCH_MESSAGES, validatePersonSearch } from '../../src/privacy/person-search';
import { PHONE_SEPARATORS, phoneDigitVariants } from '../../src/rules/phone';

describe('phoneDigitVariants', () => {
  const forms = ['01632 960123', '01632960123', '+44 1632 960123', '+44 (0)1632 960-123', '0044 1632 960123', '441632960123'];

  it('gives the same set for every way of writing one UK number', () => {
    const expected = phoneDigitVariants('01632 960123');
    expect(expected).toContain('01632960123');
    expect(expected).toContain('441632960123');
    for (const form of forms) expect(new Set(phoneDigitVariants(form)), form).toEqual(new Set(expected));
  });

  it('keeps any other number as its digits', () => {
    expect(phoneDigitVariants('+1 (555) 010-9999')).toEqual(['15550109999']);
    expect(phoneDigitVariants('960123')).toEqual(['960123']);
  });

  it('lists every non-digit character a form accepts in a phone number', () => {
    // Each character the form's rule accepts (between digits or in front) must be stripped by the search.
    const acceptedIn = (phone: string) => validateContact({ name: 'A', email: 'a@example.org', message: 'm', phone }).ok;
    const accepted: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      if (/\d/.test(ch) || (code >= 0xd800 && code <= 0xdfff)) continue;
      if (acceptedIn(`01632${ch}960123`) || acceptedIn(`${ch}01632960123`)) accepted.push(ch);
    }
    expect(accepted).toEqual(expect.arrayContaining([' ', '\u00a0', '+', '-']));
    expect(accepted.filter((ch) => !PHONE_SEPARATORS.includes(ch))).toEqual([]);
  });
});

describe('validatePersonSearch', () => {
  it('accepts an e-mail, a phone or both, trimmed, and leaves out empty fields', () => {
    expect(validatePersonSearch({ email: ' Ann@Example.org ', phone: '' })).toEqual({
      ok: true,
      search: { email: 'Ann@Example.org' },
    });
    expect(validatePersonSearch({ phone: '+44 1632 960123' })).toEqual({ ok: true, search: { phone: '+44 1632 960123' } });
    expect(validatePersonSearch({ email: 'a@example.org', phone: '01632 960123' })).toMatchObject({ ok: true });
  });

  it('says what is wrong with a malformed e-mail or phone number', () => {
    expect(validatePersonSearch({ email: 'ann@' })).toEqual({ ok: false, field: 'email', error: SEARCH_MESSAGES.email });
    expect(SEARCH_MESSAGES.email).toBe('Please enter a valid email address, like name@example.com.');
    expect(validatePersonSearch({ email: `${'a'.repeat(250)}@example.org` })).toMatchObject({ ok: false, field: 'email' });
    expect(validatePersonSearch({ phone: '12 34' })).toEqual({ ok: false, field: 'phone', error: SEARCH_MESSAGES.phone });
    expect(validatePersonSearch({ phone: 'call me' })).toMatchObject({ ok: false, field: 'phone' });
    expect(validatePersonSearch({ email: 42 })).toMatchObject({ ok: false, field: 'email' });
  });

  it('refuses an empty search, which would list everyone', () => {
    for (const empty of [{}, { email: '', phone: '  ' }, null, 'x']) {
      expect(validatePersonSearch(empty)).toEqual({ ok: false, field: null, error: SEARCH_MESSAGES.empty });
    }
  });
});
