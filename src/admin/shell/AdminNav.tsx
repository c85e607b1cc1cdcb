import type { SignedInPerson } from '../auth/session';
import { CSRF_FIELD } from '../auth/session';
import { ADMIN_HOME, ALERTS_PATH, DEVICES_PATH } from './home';

export type AdminSection =
  | 'dashboard'
  | 'schedule'
  | 'posts'
  | 'media'
  | 'leads'
  | 'quotes'
  | 'invoices'
  | 'site'
  | 'people'
  | 'audit'
  | 'devices'
  | 'alerts';

/** ownerOnly: not for office staff or engineers; engineer: an engineer's too (the rest are not). */
const SECTIONS: { id: AdminSection; href: string; label: string; ownerOnly?: true; engineer?: true }[] = [
  { id: 'dashboard', href: ADMIN_HOME, label: 'Dashboard' },
  { id: 'schedule', href: '/admin/schedule', label: 'Schedule', engineer: true },
  { id: 'posts', href: '/admin/posts', label: 'Posts' },
  { id: 'media', href: '/admin/media', label: 'Media' },
  { id: 'leads', href: '/admin/leads', label: 'Leads' },
  { id: 'quotes', href: '/admin/quotes', label: 'Quotes' },
  { id: 'invoices', href: '/admin/invoices', label: 'Invoices' },
  { id: 'site', href: '/admin/site', label: 'Site', ownerOnly: true },
  { id: 'people', href: '/admin/people', label: 'People', ownerOnly: true },
  { id: 'audit', href: '/admin/audit', label: 'Audit log', ownerOnly: true },
  { id: 'devices', href: DEVICES_PATH, label: 'Devices', engineer: true },
  { id: 'alerts', href: ALERTS_PATH, label: 'Alerts', engineer: true },
];

/** The sections this person's role opens, in the order the menu shows them. */
const sectionsFor = (person: SignedInPerson | undefined) =>
  SECTIONS.filter((section) =>
    person?.role === 'engineer' ? section.engineer === true : !section.ownerOnly || person?.role === 'owner',
  );

function SectionLinks({ person, current }: { person?: SignedInPerson; current?: AdminSection }) {
  return (
    <>
      {sectionsFor(person).map((section) => (
        <a key={section.id} href={section.href} aria-current={current === section.id ? 'page' : undefined}>
          {section.label}
        </a>
      ))}
      <a href="/" className="admin-nav__site">
        View site
      </a>
    </>
  );
}

function SignOut({ csrf }: { csrf: string }) {
  return (
    <form method="post" action="/admin/logout" className="admin-nav__logout">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <button type="submit">Sign out</button>
    </form>
  );
}

/**
 * The admin's sections. Wide screens: one row of links. Phones: a "Menu" button that opens every
 * section as a list, the current one marked, so nothing hides in a sideways strip. It is a
 * <details>, so it opens without JavaScript; CSS shows one form or the other.
 */
export function AdminNav({ csrf, person, current }: { csrf: string; person?: SignedInPerson; current?: AdminSection }) {
  const currentLabel = SECTIONS.find((section) => section.id === current)?.label;
  return (
    <>
      <nav className="admin-nav admin-nav--wide" aria-label="Admin">
        <SectionLinks person={person} current={current} />
        <SignOut csrf={csrf} />
      </nav>
      <details className="admin-menu">
        <summary className="admin-menu__button">
          <span className="admin-menu__icon" aria-hidden="true" />
          Menu
          {currentLabel && <span className="visually-hidden">{`, now on ${currentLabel}`}</span>}
        </summary>
        <nav className="admin-menu__panel" aria-label="Admin">
          <SectionLinks person={person} current={current} />
          <SignOut csrf={csrf} />
        </nav>
      </details>
    </>
  );
}
