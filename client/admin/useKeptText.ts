import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { forget, formValues, type KeptDraft, type KeptValues, keep, readKept, sameValues } from './autosave';

/**
 * Keeps the editor form's text in this browser as the owner types (and at once when the page is
 * hidden: a phone switching apps, a tab closing), and offers what was kept when it differs from
 * what the server sent. `restore` puts it back; `discard` forgets it. After a new post's first
 * save (`justCreated`) what was kept under 'new' is forgotten.
 */
export function useKeptText(
  root: RefObject<HTMLElement | null>,
  draftKey: string,
  justCreated: boolean,
  apply: (values: KeptValues) => void,
) {
  const [offer, setOffer] = useState<KeptDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement | null>(null);

  const keepNow = useCallback(() => {
    clearTimeout(timer.current);
    if (formRef.current) keep(draftKey, formValues(formRef.current));
  }, [draftKey]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(keepNow, 600);
  }, [keepNow]);

  useEffect(() => {
    const form = root.current?.closest('form') ?? null;
    formRef.current = form;
    if (!form) return;
    if (justCreated) forget('new');
    const kept = readKept(draftKey);
    if (kept && !sameValues(kept.values, formValues(form))) setOffer(kept);
    else if (kept) forget(draftKey);
    const onHide = () => {
      if (document.visibilityState === 'hidden') keepNow();
    };
    form.addEventListener('input', schedule);
    form.addEventListener('change', schedule);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      form.removeEventListener('input', schedule);
      form.removeEventListener('change', schedule);
      document.removeEventListener('visibilitychange', onHide);
      clearTimeout(timer.current);
    };
  }, [root, draftKey, justCreated, schedule, keepNow]);

  const restore = () => {
    const form = formRef.current;
    if (!offer || !form) return;
    for (const [name, value] of Object.entries(offer.values)) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement) {
        control.value = value ?? '';
      }
    }
    apply(offer.values);
    setOffer(null);
    schedule();
  };

  const discard = () => {
    forget(draftKey);
    setOffer(null);
  };

  return { offer, restore, discard, schedule };
}
