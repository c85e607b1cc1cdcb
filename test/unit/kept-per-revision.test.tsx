import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { Island } from '../../src/components/Island';
import { KeepWorkContext, KeptPerRevision } from '../../src/components/KeptPerRevision';
import { HomePage } from '../../src/pages/HomePage';
import { ServicePage } from '../../src/pages/ServicePage';
import { documentFor } from '../../src/render/renderer';
import { ContentContext } from '../../src/site-content/context';
import { defaultContent } from '../../src/site-content/defaults';
import { viewOf } from '../../src/site-content/view';

/** The work the pages handed their request (as the Worker's waitUntil would take it). */
const handed: Promise<unknown>[] = [];

/** As the Worker streams a document, with its request's waitUntil. */
const html = async (node: ReactNode, keepWork: ((work: Promise<unknown>) => void) | null = (work) => handed.push(work)) => {
  const stream = await renderToReadableStream(<KeepWorkContext.Provider value={keepWork}>{node}</KeepWorkContext.Provider>);
  await stream.allReady;
  return new Response(stream).text();
};
/** The kept render is the request's work after its answer: the request ends when it does. */
const settle = async () => {
  await Promise.all(handed.splice(0));
};

/** How often the test components below ran; each test starts it at 0. */
const renders = { count: 0 };

function Card({ title }: { title: string }) {
  renders.count++;
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
  renders.count++;
  return <li>item</li>;
}

function Echo() {
  renders.count++;
  return <p>island</p>;
}

describe('KeptPerRevision', () => {
  it('sends the same markup from its kept HTML as React renders, without rendering the content again', async () => {
    const view = viewOf(0, defaultContent(), Date.now());
    renders.count = 0;
    const page = () => (
      <ContentContext.Provider value={view}>
        <main>
          <p>before</p>
          <KeptPerRevision id="test-cards">
            <div className="cards" data-n="1">
              <Card title="One" />
              text between
              <Card title="Two <b>" />
            </div>
          </KeptPerRevision>
          <p>after</p>
        </main>
      </ContentContext.Provider>
    );

    const first = await html(page());
    // The page's own render and the render that is kept.
    expect(renders.count).toBe(4);
    expect(first).toContain('<div class="cards" data-n="1"><article><h2>One</h2>');
    expect(first).toContain('Two &lt;b&gt;');

    await settle();
    const second = await html(page());
    expect(second).toBe(first);
    expect(renders.count).toBe(4);
  });

  it("hands its render to the request's waitUntil, and keeps nothing without a request to hand it to", async () => {
    renders.count = 0;
    const view = viewOf(7, defaultContent(), Date.now());
    const page = () => (
      <ContentContext.Provider value={view}>
        <KeptPerRevision id="test-handed">
          <ul>
            <Item />
          </ul>
        </KeptPerRevision>
      </ContentContext.Provider>
    );
    // No request: each page renders the section itself, and leaves no work behind.
    expect(await html(page(), null)).toBe('<ul><li>item</li></ul>');
    expect(await html(page(), null)).toBe('<ul><li>item</li></ul>');
    expect(renders.count).toBe(2);
    expect(handed).toHaveLength(0);
    // A request: its render is handed over as one piece of work, which the request waits for.
    await html(page());
    expect(handed).toHaveLength(1);
    await settle();
    expect(renders.count).toBe(4);
    expect(await html(page())).toBe('<ul><li>item</li></ul>');
    expect(renders.count).toBe(4);
    expect(handed).toHaveLength(0);
  });

  it('renders again for another revision', async () => {
    renders.count = 0;
    const list = (revision: number) => (
      <ContentContext.Provider value={viewOf(revision, defaultContent(), Date.now())}>
        <KeptPerRevision id="test-list">
          <ul>
            <Item />
          </ul>
        </KeptPerRevision>
      </ContentContext.Provider>
    );
    expect(await html(list(1))).toBe('<ul><li>item</li></ul>');
    expect(renders.count).toBe(2);
    await settle();
    expect(await html(list(2))).toBe('<ul><li>item</li></ul>');
    expect(renders.count).toBe(4);
  });

  it('keeps nothing that holds an island, so the page still loads its script', async () => {
    const view = viewOf(0, defaultContent(), Date.now());
    renders.count = 0;
    const page = () =>
      documentFor(
        <KeptPerRevision id="test-island">
          <div>
            <Island name="ContactForm" component={Echo} props={{}} />
          </div>
        </KeptPerRevision>,
        { title: 't', description: 'd', path: '/' },
        'https://www.example.com',
        view,
      );
    const first = await html(page());
    await settle();
    const second = await html(page());
    expect(second).toBe(first);
    expect(second).toContain('data-island="ContactForm"');
    expect(renders.count).toBe(3);
  });
});

describe('pages with kept sections', () => {
  const meta = { title: 't', description: 'd', path: '/' };
  const origin = 'https://www.example.com';

  it('Home is the same HTML from its kept sections as from its first render', async () => {
    const view = viewOf(0, defaultContent(), Date.now());
    const first = await html(documentFor(<HomePage />, meta, origin, view));
    await settle();
    const kept = await html(documentFor(<HomePage />, meta, origin, view));
    expect(kept).toBe(first);
    expect(kept).toContain('Areas We Serve');
  });

  it('a service page is the same HTML from its kept sections as from its first render', async () => {
    const view = viewOf(0, defaultContent(), Date.now());
    const service = view.services[0]!;
    const page = () => documentFor(<ServicePage service={service} />, meta, origin, view);
    const first = await html(page());
    await settle();
    expect(await html(page())).toBe(first);
  });
});
