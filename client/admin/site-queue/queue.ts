/**
 * The engineer's items kept on the phone until the server has them (issue 50, "without signal"):
 * a note, a checklist answer, a photo or a signature is queued first and sent after, in the order
 * it was made, each with its own item key, so a retry after a lost answer is stored once. Nothing
 * here knows where items are kept or how they travel: the island hands in its IndexedDB store and
 * its fetch, a unit test fakes both.
 */

/** A form field as kept: text, or a file (a photo, a video, the signature's PNG) with its name. */
export type QueuedValue = string | { blob: Blob; name: string };

export interface QueuedItem {
  /** The store's own number, given when added: the order items are sent in. */
  id?: number;
  /** Where the form posts: a path under the job's /site/ address. */
  url: string;
  /** What the engineer made, as the page names it ("Notes", "Photo"): for the refusal's line. */
  label: string;
  /** The form it came from (its `data-site-form`), so the page marks it waiting beside that form. */
  form?: string;
  fields: [string, QueuedValue][];
  /** The server's reason it will never take this item (the job moved, too big): kept to be seen, never sent again. */
  refused?: string;
}

export interface QueueStore {
  add(item: QueuedItem): Promise<void>;
  /** Every item, oldest first. */
  list(): Promise<QueuedItem[]>;
  put(item: QueuedItem): Promise<void>;
  remove(id: number): Promise<void>;
}

/**
 * What became of one try: stored (or already stored: the key was seen), refused for good with
 * the server's words, or not answered (no signal, a server error, signed out): tried again later.
 */
export type SendOutcome =
  | { kind: 'stored' }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' }
  | { kind: 'signed-out' };

export type SendItem = (item: QueuedItem) => Promise<SendOutcome>;

/** How a run of the queue ended: all tried, or stopped at an item that could not be sent yet. */
export type RunEnd = 'done' | 'unreachable' | 'signed-out';

/**
 * Sends the waiting items oldest first, one at a time. An item leaves the store only once the
 * server has answered that it has it (so its photo stays on the phone until then); a refused one
 * stays, marked, and the next is sent; the first that finds no answer stops the run, so the
 * order holds.
 */
export async function sendWaiting(store: QueueStore, send: SendItem): Promise<RunEnd> {
  for (const item of await store.list()) {
    if (item.refused !== undefined || item.id === undefined) continue;
    const outcome = await send(item);
    if (outcome.kind === 'stored') await store.remove(item.id);
    else if (outcome.kind === 'refused') await store.put({ ...item, refused: outcome.message });
    else return outcome.kind;
  }
  return 'done';
}

/**
 * One run at a time: a run asked for while one is going (a new item, the signal back, the
 * timer) starts again once it ends, so nothing is sent twice at once and nothing waits for the timer.
 */
export function queueRunner(store: QueueStore, send: SendItem, ended: (end: RunEnd) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let end: RunEnd;
      do {
        again = false;
        end = await sendWaiting(store, send).catch((): RunEnd => 'unreachable');
      } while (again && end === 'done');
      ended(end);
    })();
    try {
      await running;
    } finally {
      running = null;
    }
  };
  return run;
}

/** "1 item waiting to send", "3 items waiting to send". */
export const waitingWords = (count: number) => `${count} ${count === 1 ? 'item' : 'items'} waiting to send`;

/** The items still to send (not refused). */
export const waitingCount = (items: readonly QueuedItem[]) => items.filter((item) => item.refused === undefined).length;
