import { renderToReadableStream } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { Prerendered } from '../../src/render/Prerendered';

/** The kept render runs beside the page's: let it finish before the next page. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const html = async (node: React.ReactNode) => {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
};

/** How many times React called the components below. */
const calls = { card: 0, item: 0 };

function Card({ title }: { title: string }) {
  calls.card++;
  return (
    <article>
      <h2>{title}</h2>
      <p>
        {'Text'} {title} &amp; more
      </p>
    </article>
  );
}

function Item() {
  calls.item++;
  return <li>item</li>;
}

/** Run in Node (test/unit/prerendered.test.tsx) and inside workerd (test/worker/prerendered.test.tsx). */
export function describePrerendered(where: string, idPrefix: string) {
  describe(`Prerendered (${where})`, () => {
    it('sends the same markup from its kept HTML as React renders, without rendering the content again', async () => {
      calls.card = 0;
      const page = () => (
        <main>
          <p>before</p>
          <Prerendered id={`${idPrefix}-cards`} className="cards">
            <Card title="One" />
            <Card title="Two <b>" />
          </Prerendered>
          <p>after</p>
        </main>
      );

      const first = await html(page());
      // The page's own render and the render that is kept.
      expect(calls.card).toBe(4);
      expect(first).toContain('<div class="cards"><article><h2>One</h2>');
      expect(first).toContain('Two &lt;b&gt;');

      await settle();
      const second = await html(page());
      expect(second).toBe(first);
      expect(calls.card).toBe(4);
    });

    it('renders with the page until its HTML is kept, and keeps one copy per id', async () => {
      calls.item = 0;
      const list = (
        <Prerendered id={`${idPrefix}-list`} as="ul">
          <Item />
        </Prerendered>
      );
      // Two pages at once: both render the list themselves; it is rendered to be kept only once.
      const [a, b] = await Promise.all([html(list), html(list)]);
      expect(a).toBe('<ul><li>item</li></ul>');
      expect(b).toBe(a);
      expect(calls.item).toBe(3);
      await settle();
      expect(await html(list)).toBe(a);
      expect(calls.item).toBe(3);
    });
  });
}
