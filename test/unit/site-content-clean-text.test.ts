import { describe, expect, it } from 'vitest';
import { factsFields, readFacts } from '../../src/admin/site/facts-form';
import type { Form, FormResult } from '../../src/admin/site/forms';
import { READERS, type Section, valuesOf } from '../../src/admin/site/sections';
import { readService, serviceFields } from '../../src/admin/site/service-form';
import { hasControlCharacter } from '../../src/rules/text';
import { defaultContent } from '../../src/site-content/defaults';

/**
 * Every field of the owner's site forms keeps control characters (NUL, ESC …) out of the
 * content: a save that carries one is refused with a message on that field, or stores none.
 * Whatever a field is for, it is tried.
 */

const content = defaultContent();
const service = content.services[0]!;
const NOTICE: Form = { text: 'Closed for the bank holiday', starts: '2030-05-01T08:00', ends: '2030-05-02T08:00' };
/** Every string in the saved content (not its JSON, which would escape the very characters looked for). */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const forms: [string, Form, (form: Form) => FormResult][] = [
  ['facts', factsFields(content.facts), (form) => readFacts(content, form)],
  ...(['faq', 'reviews', 'areas'] as Section[]).map(
    (section) =>
      [section, valuesOf(section, content), (form: Form) => READERS[section](content, form)] as [
        string,
        Form,
        (form: Form) => FormResult,
      ],
  ),
  ['notices', NOTICE, (form) => READERS.notices(content, form)],
  ['a service', serviceFields(service), (form) => readService(content, service.slug, form, [service.image])],
];

describe("the site forms' text", () => {
  it.each(forms)('%s: saved as given when clean', (_name, form, read) => {
    expect(read(form).ok).toBe(true);
  });

  for (const [name, form, read] of forms) {
    const fields = Object.keys(form).filter((key) => form[key] !== '' && !/^order\d+$/.test(key));
    it.each(
      fields.flatMap((key) => [
        [key, '\u0000'],
        [key, '\u001b[31m'],
      ]),
    )(`${name}: %s with %j is refused or stored without it`, (key, bad) => {
      const value = form[key]!;
      const result = read({ ...form, [key]: `${value.slice(0, 3)}${bad}${value.slice(3)}` });
      if (result.ok) expect(strings(result.content).filter(hasControlCharacter)).toEqual([]);
      else expect(Object.keys(result.errors).length).toBeGreaterThan(0);
    });
  }

  it('says what is wrong with the places', () => {
    const result = READERS.areas(content, { ...valuesOf('areas', content), places: 'Poole\nChrist\u0000church' });
    expect(result).toEqual({ ok: false, errors: { places: 'Please remove the unusual characters from the places.' } });
  });
});
