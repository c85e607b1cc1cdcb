import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from '../../src/components/Icon';
import { Stars } from '../../src/components/Stars';

const css = (await import('node:fs/promises')).readFile(new URL('../../src/styles/base.css', import.meta.url), 'utf8');

describe('<Icon>', () => {
  it('is hidden from screen readers and sized by a class base.css draws', async () => {
    const html = renderToStaticMarkup(<Icon name="phone" size={18} className="x" />);
    expect(html).toMatch(/^<svg aria-hidden="true" class="icon icon--18 x" viewBox="0 0 24 24"><path /);
    expect(html).not.toMatch(/\s(width|height)=/);
    expect(await css).toMatch(/\.icon--18 \{\s*width: 18px;\s*height: 18px;/);
    expect(renderToStaticMarkup(<Icon name="phone" />)).toContain('class="icon"');
  });
});

describe('<Stars>', () => {
  it('is one picture read out as its rating, with the stars past it dimmed', () => {
    const html = renderToStaticMarkup(<Stars rating={4} />);
    expect(html.match(/<svg/g)).toHaveLength(1);
    expect(html).toContain('role="img" aria-label="Rated 4 out of 5"');
    expect(html.match(/class="stars__on"/g)).toHaveLength(4);
    expect(html.match(/class="stars__off"/g)).toHaveLength(1);
    expect(renderToStaticMarkup(<Stars rating={5} />).match(/class="stars__on"/g)).toHaveLength(5);
  });
});
