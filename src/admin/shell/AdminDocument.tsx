import type { ReactNode } from 'react';
import { manifest } from '../../generated/manifest';
import type { ContentView } from '../../site-content/view';
import type { SignedInPerson } from '../auth/session';
import { CSRF_FIELD } from '../auth/session';
import { AddPasskeyPrompt } from './AddPasskeyPrompt';
import { AdminScripts } from './AdminScripts';
import { ADMIN_HOME, ALERTS_PATH, DEVICES_PATH } from './home';
import { ADMIN_ICONS, ADMIN_THEME_COLOR } from './icons';

export type AdminSection =
  | 'dashboard'
  | 'schedule'
  | 'posts'
  | 'media'
  | 'leads'
  | 'site'
  | 'people'
  | 'audit'
  | 'devices'
  | 'alerts';

export interface AdminChrome {
  title: string;
  /** The signed-in owner's CSRF token: shows the navigation and the sign-out button. */
  csrf?: string;
  section?: AdminSection;
  /** The business's short name, from the current content revision. */
  siteName?: string;
  /** The content revision, for the parts of admin pages that show it (service titles). */
  content?: ContentView;
  /** Who is signed in: the sections their role opens. */
  person?: SignedInPerson;
  /** Signed in with ADMIN_TOKEN: every page asks for a passkey at once. */
  tokenSession?: boolean;
}

const sections: { id: AdminSection; href: string; label: string; ownerOnly?: true }[] = [
  { id: 'dashboard', href: ADMIN_HOME, label: 'Dashboard' },
  { id: 'schedule', href: '/admin/schedule', label: 'Schedule' },
  { id: 'posts', href: '/admin/posts', label: 'Posts' },
  { id: 'media', href: '/admin/media', label: 'Media' },
  { id: 'leads', href: '/admin/leads', label: 'Leads' },
  { id: 'site', href: '/admin/site', label: 'Site', ownerOnly: true },
  { id: 'people', href: '/admin/people', label: 'People', ownerOnly: true },
  { id: 'audit', href: '/admin/audit', label: 'Audit log', ownerOnly: true },
  { id: 'devices', href: DEVICES_PATH, label: 'Devices' },
  { id: 'alerts', href: ALERTS_PATH, label: 'Alerts' },
];

/**
 * The admin's own document: the site's stylesheet and logo, a small header with the sections,
 * no site navigation, and noindex. Everything works as plain forms; pages with admin islands
 * (the editor, the picture pickers) load the client entry (AdminScripts), and no other page does.
 */
export function AdminDocument({ chrome, children }: { chrome: AdminChrome; children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        <title>{`${chrome.title} | Admin | ${chrome.siteName ?? 'Website'}`}</title>
        <link rel="stylesheet" href={manifest.css} />
        <link rel="stylesheet" href={manifest.adminCss} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/admin/manifest.webmanifest" />
        <link rel="apple-touch-icon" href={ADMIN_ICONS[192]} />
        <meta name="theme-color" content={ADMIN_THEME_COLOR} />
      </head>
      <body className="admin">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="admin-header">
          <div className="container admin-header__inner">
            <a className="logo admin-logo" href={chrome.csrf ? ADMIN_HOME : '/admin/login'}>
              <img src="/logo.svg" alt="" width="36" height="36" />
              <span className="logo__text">
                <span className="logo__name">{chrome.siteName ?? 'Admin'}</span>
                <span className="logo__sub">Admin</span>
              </span>
            </a>
            {chrome.csrf && (
              <nav className="admin-nav" aria-label="Admin">
                {sections
                  .filter((section) => !section.ownerOnly || chrome.person?.role === 'owner')
                  .map((section) => (
                    <a key={section.id} href={section.href} aria-current={chrome.section === section.id ? 'page' : undefined}>
                      {section.label}
                    </a>
                  ))}
                <a href="/" className="admin-nav__site">
                  View site
                </a>
                <form method="post" action="/admin/logout" className="admin-nav__logout">
                  <input type="hidden" name={CSRF_FIELD} value={chrome.csrf} />
                  <button type="submit">Sign out</button>
                </form>
              </nav>
            )}
          </div>
        </header>
        <main id="main" className="container admin-main" tabIndex={-1}>
          {chrome.tokenSession && chrome.section !== 'devices' && <AddPasskeyPrompt />}
          {children}
        </main>
        <AdminScripts />
      </body>
    </html>
  );
}
