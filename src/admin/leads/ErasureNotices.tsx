import { buttonClass } from '../../components/button';
import type { ErasureNotice } from '../../db/schema';
import { noticeWords } from '../../privacy/erasure-notices';
import { ActionForm } from './ActionForm';
import { erasureNoticeDonePath } from './paths';

/**
 * Erased leads' cancellations that could not be e-mailed (`noticesToShow`), on the
 * dashboard and the inbox until someone marks each dealt with: the visit's day and hours, nothing
 * of the customer.
 */
export function ErasureNotices({ notices, csrf, back }: { notices: readonly ErasureNotice[]; csrf: string; back: string }) {
  if (notices.length === 0) return null;
  return (
    <div className="erasure-notices">
      {notices.map((notice) => (
        <div key={notice.id} className="admin-notice admin-notice--error erasure-notice" role="alert">
          <p>{noticeWords(notice)}</p>
          <ActionForm action={erasureNoticeDonePath(notice.id)} csrf={csrf} back={back}>
            <button type="submit" className={buttonClass('outline', 'sm')}>
              Dealt with
            </button>
          </ActionForm>
        </div>
      ))}
    </div>
  );
}
