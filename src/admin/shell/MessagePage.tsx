import type { ReactNode } from 'react';

/** A short admin page: a heading and a few lines (not configured, form refused ...). */
export function MessagePage({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <h1 className="admin-title">{heading}</h1>
      {children}
    </section>
  );
}

export type NoticeTone = 'success' | 'error' | 'info';

/** A status line after an action; role=status so screen readers hear it on arrival. */
export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <p className={`admin-notice admin-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
