import { type ReactNode, useEffect, useRef } from 'react';
import { tapPing } from '../../http/tap-ping';

/**
 * lucide's check and phone, drawn here rather than through Icon: the islands carry this panel,
 * and Icon would bring every icon's markup into their bundle.
 */
const PATHS = {
  check: 'M20 6 9 17l-5-5',
  phone:
    'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384',
} as const;

function PanelIcon({ name, size }: { name: keyof typeof PATHS; size: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The facts the panel states, from the content revision and the deployment (island props). */
export interface SentPanelFacts {
  /** When to expect a call: site.response.callBack, or the answer's promise once sent (`callBackPromise`). */
  callBack: string;
  /** false once the answer says the emergency line is closed now: the call button then does not say "now". */
  lineOpen?: boolean;
  /** The emergency line. */
  phone: { href: string; display: string };
  /** Whether a confirmation e-mail goes to the customer (LEAD_CONFIRMATIONS). */
  confirmationEmail: boolean;
}

/**
 * What takes the form's place once a message or quote request is stored, and stays until the
 * visitor leaves: the short reference the owner sees in the admin, when to expect a call, the
 * confirmation e-mail (when those are on) and the emergency number. Rendered by the form islands
 * after a send and by the no-JavaScript answer page (<LeadSentPage>), so both say
 * the same. No context: islands have none, so every fact comes in as a prop.
 */
export function LeadSentPanel({
  heading,
  reference,
  facts,
  another,
  focusOnShow = false,
}: {
  /** The panel's own heading and first line (the island's; the answer page has them in its hero). */
  heading?: { title: string; description: string };
  reference?: string;
  facts: SentPanelFacts;
  /** 'Send another message': a button in the island, a link on the answer page. */
  another: ReactNode;
  /** Moves focus to the heading as it appears (the island's: the form the visitor was in is gone). */
  focusOnShow?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  return (
    <section
      className="sent-panel"
      aria-labelledby={heading ? 'sent-panel-heading' : undefined}
      aria-label={heading ? undefined : 'What happens next'}
    >
      {heading && (
        <>
          <h2 id="sent-panel-heading" className="sent-panel__title" tabIndex={-1} ref={headingRef}>
            <PanelIcon name="check" size={26} /> {heading.title}
          </h2>
          <p>{heading.description}</p>
        </>
      )}
      <dl className="sent-panel__facts">
        {reference && (
          <div>
            <dt>Your reference</dt>
            <dd className="sent-panel__reference">{reference}</dd>
          </div>
        )}
        <div>
          <dt>What happens next</dt>
          <dd>{`${facts.callBack}.`}</dd>
        </div>
        {facts.confirmationEmail && (
          <div>
            <dt>Confirmation</dt>
            <dd>A confirmation e-mail is on its way to you. If it has not arrived in a few minutes, check your spam folder.</dd>
          </div>
        )}
      </dl>
      <p className="sent-panel__actions">
        <a className="btn btn--destructive btn--lg" href={facts.phone.href} ping={tapPing(facts.phone.href)}>
          <PanelIcon name="phone" size={20} />{' '}
          {facts.lineOpen === false ? `Call ${facts.phone.display}` : `Urgent? Call ${facts.phone.display} now`}
        </a>
        {another}
      </p>
    </section>
  );
}
