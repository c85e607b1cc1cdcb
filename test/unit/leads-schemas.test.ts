import { describe, expect, it } from 'vitest';
import { serviceSlugs } from '../../src/content/service-slugs';
import { services } from '../../src/content/services';
import {
  ASAP_NEEDS_PHONE,
  contactSchema,
  formFields,
  quoteSchema,
  validateContact,
  validateQuote,
} from '../../src/leads/schemas';

const contact = { name: 'Alice', email: 'alice@example.org', phone: '', message: 'Blocked drain' };
const quote = {
  'full-name': 'Bob',
  email: 'bob@example.org',
  phone: '07700 900123',
  address: '1 High St, Poole',
  details: '',
  service: '',
};

describe('the light service slug list', () => {
  it('matches the services content exactly, in order', () => {
    expect([...serviceSlugs]).toEqual(services.map((service) => service.slug));
  });
});

describe('the contact schema', () => {
  it('accepts a minimal message and trims every field', () => {
    expect(validateContact({ ...contact, name: '  Alice ', message: '\n Blocked drain \n' })).toEqual({
      ok: true,
      data: { ...contact, name: 'Alice', message: 'Blocked drain', 'best-time': '' },
    });
  });

  it('keeps line breaks inside the message, and tabs', () => {
    const result = validateContact({ ...contact, message: 'Line one\r\nLine two\n\tIndented' });
    expect(result.ok && result.data.message).toBe('Line one\r\nLine two\n\tIndented');
  });

  it('treats a missing phone as empty', () => {
    const { phone: _phone, ...rest } = contact;
    expect(validateContact(rest)).toEqual({ ok: true, data: { ...contact, 'best-time': '' } });
  });

  it('accepts the phone numbers people type', () => {
    for (const phone of ['01632 960123', '+44 7700 900123', '(01632) 960-123', '+44 (0)1632 960 123', '07700900123']) {
      expect(validateContact({ ...contact, phone }).ok, phone).toBe(true);
    }
    for (const phone of ['123', 'ring me', '0800 CALL NOW', '+44 1632 960 123 4567 8901']) {
      expect(validateContact({ ...contact, phone }).ok, phone).toBe(false);
    }
  });

  it('gives one message per failing field', () => {
    expect(validateContact({ name: '', email: 'x', message: ' ' })).toEqual({
      ok: false,
      errors: {
        name: 'Please enter your name.',
        email: 'Please enter a valid email address, like name@example.com.',
        message: 'Please enter a message.',
      },
    });
  });

  it('drops fields it does not know', () => {
    const result = validateContact({ ...contact, website: 'x', formToken: 't', admin: true });
    expect(result.ok && Object.keys(result.data).sort()).toEqual(['best-time', 'email', 'message', 'name', 'phone']);
  });

  it('takes a best time to call from the list, or none', () => {
    for (const time of ['', 'asap', 'morning', 'afternoon', 'evening']) {
      expect(validateContact({ ...contact, phone: '01632 960123', 'best-time': time }).ok, time).toBe(true);
      expect(validateQuote({ ...quote, 'best-time': time }).ok, time).toBe(true);
    }
    const missing = validateContact(contact);
    expect(missing.ok && missing.data['best-time']).toBe('');
    expect(validateContact({ ...contact, 'best-time': 'midnight' })).toEqual({
      ok: false,
      errors: { 'best-time': 'Please choose a time from the list.' },
    });
  });
});

describe('a call asked for as soon as possible', () => {
  it('needs a phone number on the contact form, said on the phone field, beside any other message', () => {
    expect(validateContact({ ...contact, 'best-time': 'asap' })).toEqual({ ok: false, errors: { phone: ASAP_NEEDS_PHONE } });
    expect(validateContact({ ...contact, name: '', 'best-time': 'asap' })).toEqual({
      ok: false,
      errors: { name: 'Please enter your name.', phone: ASAP_NEEDS_PHONE },
    });
    // Any other time, or none, leaves the phone optional, as the spec has it.
    for (const time of ['', 'morning', 'evening']) expect(validateContact({ ...contact, 'best-time': time }).ok).toBe(true);
    // A number that is not one is its own message.
    expect(validateContact({ ...contact, phone: 'soon', 'best-time': 'asap' })).toEqual({
      ok: false,
      errors: { phone: 'Please enter a valid phone number, like 01632 960123.' },
    });
  });
});

describe('the quote schema', () => {
  it('takes a postcode of its own, optional, that must be a UK postcode when given', () => {
    for (const postcode of ['', 'BH6 3AA', 'bh63aa', 'SO41'])
      expect(validateQuote({ ...quote, postcode }).ok, postcode).toBe(true);
    expect(validateQuote({ ...quote, postcode: 'Dorset' })).toEqual({
      ok: false,
      errors: { postcode: 'Please enter a UK postcode, like BH6 3AA.' },
    });
    expect(validateQuote({ ...quote, postcode: 'BH6 3AA BH6 3AA' })).toEqual({
      ok: false,
      errors: { postcode: 'Please keep your postcode under 10 characters.' },
    });
  });

  it('accepts every one of the 12 services, or none', () => {
    for (const service of ['', ...serviceSlugs]) expect(validateQuote({ ...quote, service }).ok, service).toBe(true);
  });

  it('needs a phone number and an address', () => {
    expect(validateQuote({ ...quote, phone: '', address: '' })).toEqual({
      ok: false,
      errors: { phone: 'Please enter your phone number.', address: 'Please enter the property address.' },
    });
  });

  it('lists the fields of each form in display order', () => {
    expect(formFields.contact).toEqual(Object.keys(contactSchema.pipe[0].entries));
    expect([...formFields.quote].sort()).toEqual(Object.keys(quoteSchema.entries).sort());
  });
});
