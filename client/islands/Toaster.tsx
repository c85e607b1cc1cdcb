import * as ToastPrimitive from '@radix-ui/react-toast';
import { useEffect, useState } from 'react';
import { dismissToast, subscribeToToasts, type ToastMessage } from '../toast';

/** docs/spec.md §9: one toast at a time, 5000 ms, swipe right past 50 px, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export default function Toaster() {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  useEffect(() => subscribeToToasts(setMessage), []);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {message && (
        <ToastPrimitive.Root
          key={message.id}
          className={`toast toast--${message.variant ?? 'default'}`}
          type={message.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
          data-testid="toast"
        >
          <div className="toast__text">
            <ToastPrimitive.Title className="toast__title">{message.title}</ToastPrimitive.Title>
            {message.description && (
              <ToastPrimitive.Description className="toast__description">{message.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close className="toast__close" aria-label="Close">
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="toast-viewport" />
    </ToastPrimitive.Provider>
  );
}
