import { type RefObject, useEffect, useRef, useState } from 'react';
import type { usePictureInsert } from './usePictureInsert';

type PictureInsert = ReturnType<typeof usePictureInsert>;

const FINISH_PICTURE =
  'This picture is not in the post yet. Describe it and it goes in as the post is saved, or press Cancel to leave it out. Nothing was saved.';

/**
 * A picture chosen but not yet inserted is never dropped by Publish, Save draft or Preview: the
 * form's submit waits while it is uploaded and inserted (when it is described), then goes on with
 * the same button; without a description the owner is asked in the picture panel and nothing is sent.
 */
export function usePendingPictureGuard(root: RefObject<HTMLElement | null>, picture: PictureInsert, format: 'markdown' | 'html') {
  // The submit listener is added once; it reads the current state through this ref.
  const latest = useRef({ picture, format });
  latest.current = { picture, format };
  // State, not a ref: setting it renders again, after the inserted picture is in the text.
  const [resubmit, setResubmit] = useState<{ by: HTMLElement | null } | null>(null);

  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      const { picture, format } = latest.current;
      if (!picture.pending) return;
      event.preventDefault();
      if (picture.busy) return;
      if (!picture.alt.trim()) {
        picture.ask(FINISH_PICTURE);
        return;
      }
      const submitter = event.submitter;
      void picture.upload(format).then((inserted) => {
        // Sent once the inserted text is in the textarea (the effect below).
        if (inserted) setResubmit({ by: submitter });
      });
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [root]);

  useEffect(() => {
    const form = root.current?.closest('form');
    if (!resubmit || !form) return;
    setResubmit(null);
    const by = resubmit.by;
    if (by instanceof HTMLButtonElement && by.form === form) form.requestSubmit(by);
    else form.requestSubmit();
  }, [resubmit, root]);
}
