import { curlyQuotesInText } from '../blog/curly-quotes';
import { formatPostDate } from '../blog/dates';
import { renderPostHtml } from '../blog/html';
import { COVER_SIZES, coverSize, responsiveAttributes } from '../blog/pictures';
import { buttonClass } from '../components/button';
import { Icon } from '../components/Icon';
import { byLine } from '../content/line-wording';
import type { PostWithKeywords } from '../db/posts';
import { tapPing } from '../http/tap-ping';
import { pictureAsTheLineAllows } from '../render/meta';
import { useSite } from '../site-content/context';

function BackToBlog() {
  return (
    <a className="post-back" href="/blog">
      <Icon name="arrow-left" size={18} /> Back to Blog
    </a>
  );
}

/**
 * docs/spec.md §2 'Blog post': date, author, category, the content as safe HTML with curly quotes.
 * `imageResizing` (the IMAGE_RESIZING var, read by the route) adds smaller copies of uploaded pictures.
 */
export function BlogPostPage({ post, imageResizing = false }: { post: PostWithKeywords; imageResizing?: boolean }) {
  const site = useSite();
  return (
    <article className="post">
      <header className="post-hero">
        <div className="container post-hero__inner">
          <BackToBlog />
          <p className="post-hero__category">{post.category}</p>
          <h1 className="post-hero__title">{curlyQuotesInText(post.title)}</h1>
          <p className="post-hero__meta">
            <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
            <span aria-hidden="true"> · </span>
            <span>{`By ${post.author}`}</span>
          </p>
        </div>
      </header>
      <div className="container post-layout">
        <img
          className="post-image"
          src={pictureAsTheLineAllows(post.imageUrl, site)}
          {...responsiveAttributes(pictureAsTheLineAllows(post.imageUrl, site), imageResizing, COVER_SIZES)}
          alt={post.imageAlt}
          {...coverSize(post.imageUrl)}
          fetchPriority="high"
          decoding="async"
        />
        <div
          className="post-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised against an allow-list by renderPostHtml
          dangerouslySetInnerHTML={{ __html: renderPostHtml(post.content, post.format, { imageResizing }) }}
        />
        {post.keywords.length > 0 && (
          <ul className="post-tags" aria-label="Topics">
            {post.keywords.map((keyword) => (
              <li key={keyword}>{keyword}</li>
            ))}
          </ul>
        )}
        <aside className="post-cta" aria-label="Get help with your drains">
          <h2 className="post-cta__title">Need a hand with your drains?</h2>
          <p>
            {`We cover Bournemouth, Christchurch, Poole and the New Forest${byLine(site.line, ', 24 hours a day,', '')} with no call-out charge on emergencies.`}
          </p>
          <div className="post-cta__actions">
            <a className={buttonClass('destructive')} href={site.phone.emergency.href} ping={tapPing(site.phone.emergency.href)}>
              <Icon name="phone" size={18} /> {`Call ${site.phone.emergency.display}`}
            </a>
            <a className={buttonClass('outline')} href="/free-quote">
              Get a Free Survey Quote
            </a>
          </div>
        </aside>
        <BackToBlog />
      </div>
    </article>
  );
}

/** docs/spec.md §2/§8: 'Post not found.' (served with 404 and noindex). */
export function BlogPostNotFoundPage() {
  return (
    <section className="container post-missing">
      <h1>Post not found.</h1>
      <p>The article may have moved, or the link may be mistyped.</p>
      <BackToBlog />
    </section>
  );
}
