import { type ComponentProps, lazy, Suspense } from 'react';
import type { LeadSentPanel } from '../../src/components/forms/LeadSentPanel';

/**
 * The sent panel in the islands, loaded only once a send has succeeded: it is not needed before,
 * and the form pages' JavaScript stays inside its 80 KB budget. The islands never render it on
 * the server (nothing has been sent there).
 */
const LazyPanel = lazy(() => import('../../src/components/forms/LeadSentPanel').then((m) => ({ default: m.LeadSentPanel })));

export function SentPanel(props: ComponentProps<typeof LeadSentPanel>) {
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  );
}
