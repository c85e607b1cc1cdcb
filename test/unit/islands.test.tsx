import { describe, expect, it } from 'vitest';
import Toaster from '../../client/islands/Toaster';
import { Island } from '../../src/components/Island';
import { manifest } from '../../src/generated/manifest';
import { renderPageToString } from '../support/render-to-string';

const meta = { title: 'Test', description: 'A test page', path: '/test' };
const Echo = ({ text }: { text: string }) => <span>{text}</span>;

describe('islands', () => {
  it('a page without islands carries no script at all', () => {
    const html = renderPageToString(<p>Just text</p>, meta);
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(html).not.toContain('modulepreload');
  });

  it('a page with an island loads only the small starter up front, not the entry or React', () => {
    const html = renderPageToString(<Island name="Toaster" component={Toaster} props={{}} />, meta);
    expect(html).toContain(`<script type="module" src="${manifest.lazy}"></script>`);
    expect(html).not.toContain(manifest.main);
    expect(html).not.toContain('modulepreload');
    for (const chunk of manifest.islands.Toaster) expect(html).not.toContain(chunk);
    expect(html).toContain('data-island="Toaster"');
    expect(html).toContain('data-props="{}"');
    // The toast region is rendered on the server too (Radix's viewport, F8 hotkey label).
    expect(html).toContain('Notifications (F8)');
  });

  it('serialises island props as JSON in an attribute, escaped', () => {
    const html = renderPageToString(<Island name="ContactForm" component={Echo} props={{ text: '</script><b>"x"</b>' }} />, meta);
    expect(html).toContain('data-props="{&quot;text&quot;:&quot;&lt;/script&gt;&lt;b&gt;\\&quot;x\\&quot;&lt;/b&gt;&quot;}"');
    expect(html).toContain('<span>&lt;/script&gt;&lt;b&gt;&quot;x&quot;&lt;/b&gt;</span>');
  });
});

describe('the document', () => {
  it('has exactly one doctype and lang en-GB', () => {
    const html = renderPageToString(<p>x</p>, meta);
    expect(html.match(/<!DOCTYPE html>/gi)).toHaveLength(1);
    expect(html).toContain('<html lang="en-GB">');
  });
});
