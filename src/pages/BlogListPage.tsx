import { curlyQuotesInText } from '../blog/curly-quotes';
import { formatPostDate } from '../blog/dates';
import { BLOG_DESCRIPTION, BLOG_TITLE, blogPagePath, postPath } from '../blog/meta';
import { CARD_SIZES, responsiveAttributes } from '../blog/pictures';
import { Icon } from '../components/Icon';
import type { PostSummary } from '../db/posts';
import { DEFAULT_OG_IMAGE, pictureAsTheLineAllows } from '../render/meta';
import { useSite } from '../site-content/context';

/** Cards in the first row (three on wide screens) load at once; the rest wait until scrolled near. */
const EAGER_CARDS = 3;

export interface BlogListPageProps {
  posts: readonly PostSummary[];
  page: number;
  pageCount: number;
  /** Smaller copies of uploaded covers (the IMAGE_RESIZING var, read by the route). */
  imageResizing?: boolean;
}

/** docs/spec.md §2 'Blog list': a header, then a 1/2/3-column grid of cards, 12 to a page. */
export function BlogListPage({ posts, page, pageCount, imageResizing = false }: BlogListPageProps) {
  return (
    <>
      <section className="blog-hero">
        <div className="container">
          <p className="blog-hero__eyebrow">Our blog</p>
          <h1 className="blog-hero__title">{BLOG_TITLE}</h1>
          <p className="blog-hero__lead">{BLOG_DESCRIPTION}</p>
        </div>
      </section>
      <section className="section blog-list" aria-label="Posts">
        <div className="container">
          {posts.length > 0 && (
            <ul className="blog-grid">
              {posts.map((post, i) => (
                <li key={post.id}>
                  <PostCard post={post} eager={page === 1 && i < EAGER_CARDS} imageResizing={imageResizing} />
                </li>
              ))}
            </ul>
          )}
          {pageCount > 1 && <Pagination page={page} pageCount={pageCount} />}
        </div>
      </section>
    </>
  );
}

/**
 * A post's card. A post without a cover of its own carries the site's share card (1200 px, made
 * for Facebook and X) as its picture: drawn here it would be the largest thing on a phone's first
 * screen, fetched whole for a few hundred pixels. Such a card gets a plain panel with the logo.
 */
function PostCard({ post, eager, imageResizing }: { post: PostSummary; eager: boolean; imageResizing: boolean }) {
  const site = useSite();
  const hasCover = post.imageUrl !== DEFAULT_OG_IMAGE;
  const picture = pictureAsTheLineAllows(post.imageUrl, site);
  return (
    <article className="post-card">
      {hasCover ? (
        <img
          className="post-card__image"
          src={picture}
          {...responsiveAttributes(picture, imageResizing, CARD_SIZES)}
          alt=""
          width="1200"
          height="675"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="post-card__image post-card__image--none">
          <img src="/logo.svg" alt="" width="64" height="64" />
        </div>
      )}
      <div className="post-card__body">
        <p className="post-card__category">{post.category}</p>
        <h2 className="post-card__title">
          {/* The title link covers the whole card (CSS), so the card is one link, read once. */}
          <a className="post-card__link" href={postPath(post.slug)}>
            {curlyQuotesInText(post.title)}
          </a>
        </h2>
        <p className="post-card__excerpt">{curlyQuotesInText(post.excerpt)}</p>
        <div className="post-card__footer">
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
          <span className="post-card__more" aria-hidden="true">
            Read More →
          </span>
        </div>
      </div>
    </article>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  return (
    <nav className="blog-pagination" aria-label="Blog pages">
      <p className="blog-pagination__status">{`Page ${page} of ${pageCount}`}</p>
      {page > 1 && (
        <a className="blog-pagination__link blog-pagination__link--prev" href={blogPagePath(page - 1)} rel="prev">
          <Icon name="arrow-left" size={18} /> Newer posts
        </a>
      )}
      {page < pageCount && (
        <a className="blog-pagination__link blog-pagination__link--next" href={blogPagePath(page + 1)} rel="next">
          Older posts <Icon name="arrow-right" size={18} />
        </a>
      )}
    </nav>
  );
}
