import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/outbox/email-layout';
import { betweenWords } from '../../src/rules/job-status';

/** The words around the values an e-mail prints (issue 47: "Something changed?:", "between 8am to 10am"). */

describe('an e-mail label', () => {
  it('takes a colon in the plain text, unless it ends in its own ? or !', () => {
    const { text, html } = renderEmail({
      heading: 'See you tomorrow',
      rows: [
        ['When', 'Tuesday'],
        ['Urgent?', 'Yes'],
      ],
      longLabel: 'Something changed?',
      longText: 'Reply to this e-mail.',
      footer: 'BCP',
    });
    expect(text).toContain('When: Tuesday\nUrgent? Yes\n');
    expect(text).toContain('\nSomething changed?\nReply to this e-mail.');
    expect(text).not.toMatch(/[?!]:/);
    expect(html).toContain('<h2 style="font-size:16px">Something changed?</h2>');
  });
});

describe('an arrival window after "arrive"', () => {
  it('reads "between … and …"', () => {
    expect(betweenWords('08:00', '10:00')).toBe('between 8am and 10am');
    expect(betweenWords('10:30', '12:00')).toBe('between 10:30am and 12pm');
  });
});
