import type { AuditCursor } from '../../db/audit';
import type { CappedCount } from '../../db/keyset';
import type { AuditRow } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { KeysetPagination } from '../shell/parts';
import { AUDIT_ACTIONS } from './record';

export interface AuditPageProps {
  rows: AuditRow[];
  total: CappedCount;
  page: number;
  perPage: number;
  /** Where the pages either side of this one start; null where there is none. */
  older: AuditCursor | null;
  newer: AuditCursor | null;
}

const pageHref = (page: number, start: { after: AuditCursor } | { before: AuditCursor }) => {
  if (page <= 1) return '/admin/audit';
  const [name, cursor] = 'after' in start ? ['after', start.after] : ['before', start.before];
  return `/admin/audit?page=${page}&${name}=${cursor.at}.${cursor.id}`;
};

function linesCounted({ n, atLeast }: CappedCount): string {
  if (atLeast) return `More than ${n.toLocaleString('en-GB')} lines`;
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'line' : 'lines'}`;
}

function pageLabel(page: number, perPage: number, total: CappedCount): string {
  if (total.atLeast) return `Page ${page}`;
  const pageCount = Math.max(1, Math.ceil(total.n / perPage));
  return `Page ${Math.min(page, pageCount)} of ${pageCount}`;
}

const actionText = (action: string) =>
  Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] : action;

const count = (ids: string, one: string, many: string) => {
  const n = ids.split(' ').filter(Boolean).length;
  return `${n} ${n === 1 ? one : many}`;
};

/** Which record a line is about, in words, linked where it can be opened: never a bare id. */
function recordOf(type: string | null, id: string | null): { words: string; href?: string } | undefined {
  if (!type) return undefined;
  const ids = id ?? '';
  switch (type) {
    case 'lead':
      return { words: 'A lead', href: `/admin/leads/${encodeURIComponent(ids)}` };
    case 'leads':
      if (ids === 'all') return { words: 'All leads' };
      if (ids === 'filtered') return { words: 'The leads shown' };
      if (ids === 'none') return { words: 'No leads' };
      return { words: count(ids, 'lead', 'leads') };
    case 'post':
      return /^\d+$/.test(ids) ? { words: 'A post', href: `/admin/posts/${ids}/edit` } : { words: 'A post' };
    case 'media':
      return { words: 'A picture' };
    case 'person':
      return { words: 'A person' };
    case 'session':
      return { words: 'A sign-in' };
    case 'passkey':
      return { words: 'A passkey' };
    case 'push-subscription':
      return { words: 'Alerts on a device' };
    default:
      return { words: type };
  }
}

/** The owner's view of the audit log: newest first, who, what, which object, when. */
export function AuditPage({ rows, total, page, perPage, older, newer }: AuditPageProps) {
  return (
    <section className="admin-panel">
      <h1 className="admin-title">Audit log</h1>
      <p className="admin-muted">
        {`${linesCounted(total)}, newest first. Times are UK time. `}
        Each line says who did what to which record, never a customer's details. Lines are kept for two years.
      </p>
      {rows.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Record</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatLondon(row.at)}</td>
                  <td>{row.actorName}</td>
                  <td>{actionText(row.action)}</td>
                  <td className="admin-audit__object">
                    <RecordCell record={recordOf(row.objectType, row.objectId)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPagination
        newer={newer ? pageHref(page - 1, { before: newer }) : null}
        older={older ? pageHref(page + 1, { after: older }) : null}
        label={pageLabel(page, perPage, total)}
      />
    </section>
  );
}

function RecordCell({ record }: { record: { words: string; href?: string } | undefined }) {
  if (!record) return null;
  return record.href ? <a href={record.href}>{record.words}</a> : record.words;
}
