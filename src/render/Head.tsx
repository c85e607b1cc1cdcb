import { manifest } from '../generated/manifest';
import { useSite } from '../site-content/context';
import { absoluteUrl, type PageMeta, shareImage } from './meta';

/** JSON for a <script type="application/ld+json"> data block, safe against '</script>'. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The whole stylesheet inline (about 7 KB gzip): the first paint waits for no other request.
 * Allowed by its hash in the CSP; see scripts/build.mjs.
 */
export function InlineStylesheet() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built CSS, checked for </style>
  return <style dangerouslySetInnerHTML={{ __html: manifest.cssText }} />;
}

/** The one <head>: title, description, canonical, Open Graph, Twitter, keywords, JSON-LD. */
export function Head({ meta, origin }: { meta: PageMeta; origin: string }) {
  const site = useSite();
  const canonical = absoluteUrl(origin, meta.path);
  const share = shareImage(meta, site);
  const image = absoluteUrl(origin, share.path);
  const jsonLd = meta.jsonLd === undefined ? [] : Array.isArray(meta.jsonLd) ? meta.jsonLd : [meta.jsonLd];
  return (
    <head>
      <meta charSet="utf-8" />
      {/* viewport-fit=cover: the call bar can then keep itself inside the phone's safe area. */}
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.keywords && meta.keywords.length > 0 && <meta name="keywords" content={meta.keywords.join(', ')} />}
      {meta.noindex && <meta name="robots" content="noindex, nofollow" />}
      <link rel="canonical" href={canonical} />
      {meta.prev && <link rel="prev" href={absoluteUrl(origin, meta.prev)} />}
      {meta.next && <link rel="next" href={absoluteUrl(origin, meta.next)} />}
      <meta name="theme-color" content="#0b4f8a" />
      <InlineStylesheet />
      {meta.stylesheets?.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="alternate" type="application/rss+xml" title={`${site.name} blog`} href="/blog/rss.xml" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_GB" />
      <meta property="og:type" content={meta.type ?? 'website'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content={share.type} />
      <meta property="og:image:width" content={String(share.width)} />
      <meta property="og:image:height" content={String(share.height)} />
      <meta property="og:image:alt" content={share.alt} />
      {meta.article && (
        <>
          <meta property="article:published_time" content={meta.article.publishedTime} />
          {meta.article.modifiedTime && <meta property="article:modified_time" content={meta.article.modifiedTime} />}
          {meta.article.section && <meta property="article:section" content={meta.article.section} />}
          {meta.article.author && <meta property="article:author" content={meta.article.author} />}
          {meta.article.tags?.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      )}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={share.alt} />
      {jsonLd.map((data, i) => (
        // A data block, not a script: the CSP needs no exception for it.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
    </head>
  );
}
