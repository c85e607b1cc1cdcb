import type { ReactNode } from 'react';
import { manifest } from '../../generated/manifest';
import type { ContentView } from '../../site-content/view';
import type { SignedInPerson } from '../auth/session';
import { AddPasskeyPrompt } from './AddPasskeyPrompt';
import { AdminNav, type AdminSection } from './AdminNav';
import { AdminScripts } from './AdminScripts';
import { ADMIN_HOME } from './home';
import { ADMIN_ICONS, ADMIN_THEME_COLOR } from './icons';
import { MailOffNotice } from './mail-off';

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
  /** No MAILCHANNELS_API_KEY: the owner's and office's pages say nothing is e-mailed. */
  mailOff?: boolean;
}

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
            {chrome.csrf && <AdminNav csrf={chrome.csrf} person={chrome.person} current={chrome.section} />}
          </div>
        </header>
        <main id="main" className="container admin-main" tabIndex={-1}>
          {chrome.tokenSession && chrome.section !== 'devices' && <AddPasskeyPrompt />}
          {chrome.mailOff && chrome.person && chrome.person.role !== 'engineer' && <MailOffNotice />}
          {children}
        </main>
        <AdminScripts />
      </body>
    </html>
  );
}
