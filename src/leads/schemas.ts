import * as v from 'valibot';
import { BEST_TIMES } from '../content/best-times';
import { serviceSlugs } from '../content/service-slugs';
import { isPhoneNumber } from '../rules/phone';
import { text, validate } from '../rules/validation';

/**
 * The rules of each lead form, shared by the Worker (the final word) and the islands (inline
 * messages before sending). This module goes to the browser: valibot and the slug list only.
 */

export const LIMITS = { name: 100, email: 254, phone: 32, address: 300, postcode: 10, message: 5000 } as const;

// A missing key reads as an empty field, so it gets the field's own message, not valibot's.
const singleLine = (label: string, max: number, required: string | null) => v.optional(text(label, max, required, true), '');
const multiLine = (label: string, max: number, required: string | null) => v.optional(text(label, max, required, false), '');

const email = v.optional(
  v.pipe(
    text('email address', LIMITS.email, 'Please enter your email address.', true),
    v.email('Please enter a valid email address, like name@example.com.'),
  ),
  '',
);

const phoneFormat = 'Please enter a valid phone number, like 01632 960123.';
const requiredPhone = v.optional(
  v.pipe(text('phone number', LIMITS.phone, 'Please enter your phone number.', true), v.check(isPhoneNumber, phoneFormat)),
  '',
);
const optionalPhone = v.optional(
  v.pipe(
    text('phone number', LIMITS.phone, null, true),
    v.check((value) => value === '' || isPhoneNumber(value), phoneFormat),
  ),
  '',
);

/**
 * A whole UK postcode or its district ('BH6 3AA', 'bh63aa', 'SO41'). The shape only: the area
 * check (`checkServiceArea`, server side) judges the district; this module goes to the browser.
 */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?(\d[A-Z]{2})?$/i;

const bestTime = v.optional(v.picklist(['', ...BEST_TIMES.map((time) => time.value)], 'Please choose a time from the list.'), '');

/** Shown on the phone field when a call "as soon as possible" is asked for without a number. */
export const ASAP_NEEDS_PHONE = 'Please enter your phone number, so we can call you as soon as possible.';

/**
 * docs/spec.md leaves the contact form's phone optional; a request for a call as soon as possible needs
 * one (docs/decisions/038-what-the-site-promises-follows-the-owner-s-facts.md: an emergency the owner cannot ring back is lost).
 */
export const contactSchema = v.pipe(
  v.object({
    name: singleLine('name', LIMITS.name, 'Please enter your name.'),
    email,
    phone: optionalPhone,
    'best-time': bestTime,
    message: multiLine('message', LIMITS.message, 'Please enter a message.'),
  }),
  v.forward(
    v.partialCheck([['phone'], ['best-time']], (input) => input['best-time'] !== 'asap' || input.phone !== '', ASAP_NEEDS_PHONE),
    ['phone'],
  ),
);

export const quoteSchema = v.object({
  'full-name': singleLine('name', LIMITS.name, 'Please enter your full name.'),
  email,
  phone: requiredPhone,
  address: singleLine('address', LIMITS.address, 'Please enter the property address.'),
  // Its own field so that address autofill, which fills only the first line, still gives the area check a postcode.
  postcode: v.pipe(
    singleLine('postcode', LIMITS.postcode, null),
    v.check((value) => value === '' || UK_POSTCODE.test(value), 'Please enter a UK postcode, like BH6 3AA.'),
  ),
  details: multiLine('details', LIMITS.message, null),
  service: v.optional(v.picklist(['', ...serviceSlugs], 'Please choose a service from the list.'), ''),
  'best-time': bestTime,
});

export type ContactInput = v.InferOutput<typeof contactSchema>;
export type QuoteInput = v.InferOutput<typeof quoteSchema>;
export type LeadFormName = 'contact' | 'quote';

/** The fields each form shows, in order: what the server echoes back on an error. */
export const formFields = {
  contact: ['name', 'email', 'phone', 'best-time', 'message'],
  quote: ['full-name', 'email', 'phone', 'address', 'postcode', 'service', 'best-time', 'details'],
} as const satisfies Record<LeadFormName, readonly string[]>;

export const validateContact = (input: unknown) => validate(contactSchema, input);
export const validateQuote = (input: unknown) => validate(quoteSchema, input);
export const validateLead = (form: LeadFormName, input: unknown) =>
  form === 'contact' ? validateContact(input) : validateQuote(input);
