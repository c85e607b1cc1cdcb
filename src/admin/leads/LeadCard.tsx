import type { ReactNode } from 'react';
import { buttonClass } from '../../components/button';
import { serviceBySlug } from '../../content/services';
import { RESENDABLE } from '../../db/admin-leads';
import type { Lead } from '../../db/schema';
import { formatLondon } from '../shell/london-time';
import { Badge, type BadgeTone } from '../shell/parts';
import { CSRF_FIELD } from '../shell/session';
import { cameFrom } from './came-from';

const STATUS: Record<Lead['status'], { tone: BadgeTone; label: string }> = {
  sent: { tone: 'green', label: 'E-mail sent' },
  pending: { tone: 'blue', label: 'Sending' },
  retrying: { tone: 'amber', label: 'Retrying' },
  failed: { tone: 'red', label: 'Failed' },
  skipped: { tone: 'grey', label: 'Not e-mailed' },
};

function ActionForm({ action, csrf, back, children }: { action: string; csrf: string; back: string; children: ReactNode }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

/** '2 attempts, sent 1 Jul 2026, 09:30. Handled …' as one text node. */
function deliveryLine(lead: Lead): string {
  let line = `${lead.attempts} ${lead.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (lead.sentAt) line += `, sent ${formatLondon(lead.sentAt)}`;
  if (lead.lastError) line += `. Last error: ${lead.lastError}`;
  if (lead.handledAt) line += `. Handled ${formatLondon(lead.handledAt)}`;
  return line;
}

export interface LeadCardProps {
  lead: Lead;
  csrf: string;
  /** The list page the action forms return to. */
  back: string;
  /** 'delete-only' where the card is evidence for a privacy request, not work to do (Find a person). */
  actions?: 'all' | 'delete-only';
}

/** One lead: who, what they asked, whether the e-mail reached the owner, and what to do next. */
export function LeadCard({ lead, csrf, back, actions = 'all' }: LeadCardProps) {
  const status = STATUS[lead.status];
  const service = lead.service ? (serviceBySlug(lead.service)?.title ?? lead.service) : '';
  const resendable = actions === 'all' && (RESENDABLE as readonly string[]).includes(lead.status);
  return (
    <li className={`admin-item admin-lead${lead.handledAt ? ' admin-lead--handled' : ''}`}>
      <div className="admin-item__main">
        <p className="admin-item__meta">
          <Badge tone="blue">{lead.kind === 'quote' ? 'Quote request' : 'Contact message'}</Badge>
          <Badge tone={status.tone}>{status.label}</Badge>
          {lead.handledAt && <Badge tone="green">Handled</Badge>}
          <span>{formatLondon(lead.createdAt)}</span>
        </p>
        <h2 className="admin-lead__name">{lead.name}</h2>
        <dl className="admin-lead__details">
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
          {lead.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
              </dd>
            </>
          )}
          {lead.address && (
            <>
              <dt>Address</dt>
              <dd>{lead.address}</dd>
            </>
          )}
          {service && (
            <>
              <dt>Service</dt>
              <dd>{service}</dd>
            </>
          )}
          {lead.source && (
            <>
              <dt>Came from</dt>
              <dd>{cameFrom(lead)}</dd>
            </>
          )}
        </dl>
        {lead.message && <p className="admin-lead__message">{lead.message}</p>}
        <p className="admin-lead__delivery">{deliveryLine(lead)}</p>
      </div>
      <div className="admin-item__actions">
        {resendable && (
          <ActionForm action={`/admin/leads/${lead.id}/resend`} csrf={csrf} back={back}>
            <button type="submit" className={buttonClass('default', 'sm')}>
              Resend e-mail
            </button>
          </ActionForm>
        )}
        {actions === 'all' && (
          <ActionForm action={`/admin/leads/${lead.id}/handled`} csrf={csrf} back={back}>
            <input type="hidden" name="handled" value={lead.handledAt ? 'no' : 'yes'} />
            <button type="submit" className={buttonClass(lead.handledAt ? 'ghost' : 'outline', 'sm')}>
              {lead.handledAt ? 'Mark not handled' : 'Mark handled'}
            </button>
          </ActionForm>
        )}
        <a className={buttonClass('ghost', 'sm', 'admin-danger-link')} href={`/admin/leads/${lead.id}/delete`}>
          Delete…
        </a>
      </div>
    </li>
  );
}
