import type { AuditRow } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { Pagination } from '../shell/parts';
import { AUDIT_ACTIONS } from './record';

export interface AuditPageProps {
  rows: AuditRow[];
  total: number;
  page: number;
  pageCount: number;
}

const actionText = (action: string) =>
  Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] : action;

/** The owner's view of the audit log: newest first, who, what, which object, when. */
export function AuditPage({ rows, total, page, pageCount }: AuditPageProps) {
  return (
    <section className="admin-panel">
      <h1 className="admin-title">Audit log</h1>
      <p className="admin-muted">
        {`${total.toLocaleString('en-GB')} ${total === 1 ? 'line' : 'lines'}, newest first. Times are UK time. `}
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
                    {row.objectType ? `${row.objectType} ${row.objectId ?? ''}`.trim() : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => (n === 1 ? '/admin/audit' : `/admin/audit?page=${n}`)} />
    </section>
  );
}
