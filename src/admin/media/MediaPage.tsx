import CopyField from '../../../client/admin/islands/CopyField';
import PictureDrop from '../../../client/admin/islands/PictureDrop';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import type { CappedCount } from '../../db/keyset';
import { MEDIA_PER_PAGE, type MediaCursor, type MediaUse } from '../../db/media';
import type { MediaRow } from '../../db/schema';
import { mediaNameOf } from '../../media/keys';
import { MAX_ALT_LENGTH, PICTURES_ACCEPTED } from '../../media/picture-rules';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { countedText, keysetPageLabel, timePageHref } from '../shell/keyset-link';
import { Notice } from '../shell/MessagePage';
import { Badge, describedBy, Field, KeysetPagination } from '../shell/parts';

export const MEDIA_NOTICES = {
  uploaded: 'Picture uploaded: it is first in the list. Insert it into a post, or copy its link.',
  deleted: 'The picture was deleted.',
} as const;

const MEDIA_ADMIN_PATH = '/admin/media';

interface MediaItem extends MediaRow {
  url: string;
  usedIn: MediaUse[];
}

export interface MediaPageProps {
  csrf: string;
  items: MediaItem[];
  total: CappedCount;
  page: number;
  /** Where the pages either side of this one start; null where there is none. */
  older: MediaCursor | null;
  newer: MediaCursor | null;
  notice?: keyof typeof MEDIA_NOTICES;
  uploadError?: string;
  deleteError?: string;
  /** The upload form's description, kept after a refusal. */
  alt?: string;
  /** The site's origin, for each picture's full link. */
  origin: string;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const TYPE_NAMES: Record<MediaRow['type'], string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
};

function UploadForm({ csrf, error, alt }: { csrf: string; error?: string; alt: string }) {
  return (
    <form method="post" action="/admin/media" encType="multipart/form-data" className="admin-form admin-upload">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <Field name="file" label="Picture" error={error} hint={PICTURES_ACCEPTED} required>
        <Island
          name="PictureDrop"
          component={PictureDrop}
          props={{ id: 'file', name: 'file', describedBy: describedBy('file', true, Boolean(error)), invalid: Boolean(error) }}
        />
      </Field>
      <Field name="alt" label="Describe the picture (alt text)" hint="What it shows, for people who cannot see it." required>
        <input
          id="alt"
          name="alt"
          type="text"
          className="lead-form__control"
          required
          maxLength={MAX_ALT_LENGTH}
          defaultValue={alt}
          aria-describedby="alt-hint"
        />
      </Field>
      <div className="admin-form__actions">
        <button type="submit" className={buttonClass('default')}>
          Upload
        </button>
      </div>
    </form>
  );
}

function MediaCard({ item, csrf, origin }: { item: MediaItem; csrf: string; origin: string }) {
  const name = mediaNameOf(item.key);
  return (
    <li className="admin-item admin-media">
      <img
        className="admin-media__thumb"
        src={item.url}
        alt={item.alt}
        width={item.width}
        height={item.height}
        loading="lazy"
        decoding="async"
      />
      <div className="admin-item__main">
        <p className="admin-media__alt">{item.alt}</p>
        <p className="admin-item__meta">
          <span>{`${item.width} × ${item.height} px`}</span>
          <span>{sizeText(item.bytes)}</span>
          <span>{TYPE_NAMES[item.type]}</span>
          <span>{`Uploaded ${formatLondon(item.uploadedAt)}`}</span>
        </p>
        <p className="admin-item__meta">
          {item.usedIn.length === 0 ? (
            <Badge tone="grey">Not used</Badge>
          ) : (
            <>
              <Badge tone="green">Used in</Badge>
              {item.usedIn.map((post) => (
                <a key={post.id} href={`/admin/posts/${post.id}/edit`}>
                  {post.title}
                </a>
              ))}
            </>
          )}
        </p>
        <div className="admin-media__use">
          <a className={buttonClass('default', 'sm')} href={`/admin/posts/new?picture=${encodeURIComponent(name)}`}>
            Insert into a post
          </a>
          <Island
            name="CopyField"
            component={CopyField}
            props={{ id: `link-${name}`, label: `Link to ${item.alt}`, value: `${origin}${item.url}`, button: 'Copy link' }}
          />
        </div>
      </div>
      <form method="post" action={`/admin/media/${name}/delete`} className="admin-item__actions">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <button type="submit" className={buttonClass('ghost', 'sm', 'admin-danger-link')}>
          Delete
        </button>
      </form>
    </li>
  );
}

/** Every uploaded picture, newest first: size, where it is used, Insert into a post, Copy link, and Delete for unused ones. */
export function MediaPage(props: MediaPageProps) {
  const { csrf, items, total, page, older, newer, notice, uploadError, deleteError, alt = '', origin } = props;
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Media</h1>
      </div>
      {notice && <Notice tone="success">{MEDIA_NOTICES[notice]}</Notice>}
      {deleteError && <Notice tone="error">{deleteError}</Notice>}
      {uploadError && <Notice tone="error">Nothing was uploaded: see the message under the picture.</Notice>}
      <UploadForm csrf={csrf} error={uploadError} alt={alt} />
      <p className="admin-muted">
        {countedText(total, 'picture', 'pictures')}, newest first. A picture used by a post cannot be deleted.
      </p>
      {items.length === 0 ? (
        <p>No pictures yet.</p>
      ) : (
        <ul className="admin-list">
          {items.map((item) => (
            <MediaCard key={item.key} item={item} csrf={csrf} origin={origin} />
          ))}
        </ul>
      )}
      <KeysetPagination
        newer={newer ? timePageHref(MEDIA_ADMIN_PATH, page - 1, 'before', newer) : null}
        older={older ? timePageHref(MEDIA_ADMIN_PATH, page + 1, 'after', older) : null}
        label={keysetPageLabel(page, MEDIA_PER_PAGE, total)}
      />
    </section>
  );
}
