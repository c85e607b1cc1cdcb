import { buttonClass } from '../../components/button';
import { QuoteTable } from '../../components/QuoteTable';
import type { QuoteWithLines } from '../../db/quotes';
import type { QuoteChoices } from '../../rules/money-lines';
import { isOpen, QUOTE_STATE_LABELS, statesFor } from '../../rules/quote-state';
import { formatLondon } from '../../rules/uk-time';
import { CSRF_FIELD } from '../auth/session';
import { depositForQuotePath } from '../invoices/paths';
import { leadPath } from '../leads/paths';
import { QUOTES_PATH, quotePath } from './paths';

/**
 * A sent quote as the owner sees it: never edited, only revised (a new version), withdrawn while
 * it waits, or duplicated for another customer. An accepted one shows what was accepted, the
 * typed name, the time and the hash of the record.
 */
function PostButton({
  action,
  label,
  csrf,
  rowVersion,
  primary = false,
}: {
  action: string;
  label: string;
  csrf: string;
  rowVersion: number;
  primary?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name="rowVersion" value={rowVersion} />
      <button type="submit" className={buttonClass(primary ? 'default' : 'outline', 'sm')}>
        {label}
      </button>
    </form>
  );
}

export function QuotePage({
  found,
  csrf,
  revision,
  problem,
}: {
  found: QuoteWithLines;
  csrf: string;
  revision?: string;
  problem?: string;
}) {
  const { quote, acceptance } = found;
  const choices: QuoteChoices = acceptance ? (JSON.parse(acceptance.choices) as QuoteChoices) : { optional: [], groups: {} };
  const path = quotePath(quote.id);
  return (
    <div className="quote-view">
      <p className="lead-page__back">
        <a href={QUOTES_PATH}>All quotes</a>
        {quote.leadId && (
          <>
            {' · '}
            <a href={leadPath(quote.leadId)}>The lead</a>
          </>
        )}
      </p>
      <h1 className="admin-title">
        {quote.number ?? 'Draft'}
        {quote.version > 1 ? ` (version ${quote.version})` : ''}: {QUOTE_STATE_LABELS[quote.state]}
      </h1>
      {problem && (
        <p className="lead-form__error" role="alert">
          {problem}
        </p>
      )}
      <p>
        {quote.customerName} · {quote.customerEmail}
        {quote.business ? ' · business' : ''}
      </p>
      {quote.sentAt && (
        <p className="admin-muted">
          Sent {formatLondon(quote.sentAt)}
          {quote.validUntil ? `, stands until ${formatLondon(quote.validUntil)}` : ''}
        </p>
      )}
      {quote.state === 'declined' && quote.declineReason && <p>Their reason: {quote.declineReason}</p>}
      <QuoteTable found={found} choices={choices} />
      {quote.notes && <p className="quote-view__notes">{quote.notes}</p>}
      {acceptance && (
        <dl className="quote-view__acceptance">
          <dt>Accepted by</dt>
          <dd>{acceptance.typedName}</dd>
          <dt>When</dt>
          <dd>{formatLondon(acceptance.acceptedAt)}</dd>
          {acceptance.expressStart !== null && (
            <>
              <dt>Start within 14 days</dt>
              <dd>{acceptance.expressStart ? 'Yes, asked for' : 'No'}</dd>
            </>
          )}
          <dt>Record (SHA-256)</dt>
          <dd className="quote-view__hash">{acceptance.hash}</dd>
        </dl>
      )}
      <div className="quote-editor__actions no-print">
        {quote.state === 'accepted' && quote.leadId && (
          // The lead's page holds the booking form.
          <a className={buttonClass('default', 'sm')} href={`${leadPath(quote.leadId)}#status-heading`}>
            Book it
          </a>
        )}
        {quote.state === 'accepted' && (acceptance?.depositPence ?? 0) > 0 && (
          <a className={buttonClass('outline', 'sm')} href={depositForQuotePath(quote.id)}>
            Invoice a deposit
          </a>
        )}
        {revision ? (
          <a className={buttonClass('default', 'sm')} href={quotePath(revision)}>
            Open the revision
          </a>
        ) : (
          statesFor('supersede').includes(quote.state) && (
            <PostButton action={`${path}/revise`} label="Revise" csrf={csrf} rowVersion={quote.rowVersion} primary />
          )
        )}
        {isOpen(quote.state) && (
          <PostButton action={`${path}/withdraw`} label="Withdraw" csrf={csrf} rowVersion={quote.rowVersion} />
        )}
        <PostButton action={`${path}/duplicate`} label="Duplicate" csrf={csrf} rowVersion={quote.rowVersion} />
      </div>
    </div>
  );
}
