/**
 * A one-slot toast store shared by every island on the page (esbuild puts it in a shared
 * chunk, so all islands see the same module). The spec shows one toast at a time: a new toast
 * replaces the one on screen.
 */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

type Listener = (toast: ToastMessage | null) => void;

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

export function toast(message: Omit<ToastMessage, 'id'>): ToastMessage {
  current = { ...message, id: nextId++ };
  for (const listener of listeners) listener(current);
  return current;
}

export function dismissToast(id: number): void {
  if (current?.id !== id) return;
  current = null;
  for (const listener of listeners) listener(null);
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
