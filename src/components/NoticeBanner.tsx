import { useContent } from '../site-content/context';

/**
 * The owner's notices that are showing now ("Christmas Day: emergency calls only"), above the
 * header on every public page. A kept page expires when a notice starts or ends, so a notice
 * goes without anyone acting.
 */
export function NoticeBanner() {
  const { activeNotices } = useContent();
  if (activeNotices.length === 0) return null;
  return (
    <div className="site-notice" role="note" aria-label="Notice">
      {activeNotices.map((notice) => (
        <p key={notice.id} className="container site-notice__text">
          {notice.text}
        </p>
      ))}
    </div>
  );
}
