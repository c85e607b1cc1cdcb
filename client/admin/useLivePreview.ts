import { useEffect, useState } from 'react';
import { ADMIN_API, postToAdmin } from './api';

export interface LivePreview {
  html: string;
  error?: string;
  busy: boolean;
}

/**
 * The post's text as the blog will show it, rendered by the server (the same Markdown renderer
 * and sanitiser as /blog, so the browser never needs a Markdown library): asked for a moment
 * after the owner stops typing, the older request cancelled.
 */
export function useLivePreview(content: string, format: string, csrf: string, enabled: boolean): LivePreview {
  const [preview, setPreview] = useState<LivePreview>({ html: '', busy: false });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setPreview((current) => ({ ...current, busy: true }));
      const result = await postToAdmin<{ html: string }>(ADMIN_API.preview, csrf, { content, format }, controller.signal);
      if (result.ok) setPreview({ html: result.data.html, busy: false });
      else if (!result.aborted) setPreview((current) => ({ ...current, error: result.error, busy: false }));
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content, format, csrf, enabled]);
  return preview;
}
