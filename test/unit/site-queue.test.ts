import { describe, expect, it } from 'vitest';
import {
  type QueuedItem,
  type QueueStore,
  queueRunner,
  type SendOutcome,
  sendWaiting,
  waitingCount,
  waitingWords,
} from '../../client/admin/site-queue/queue';

/** The queue's store in memory, as IndexedDB keeps it: numbered in the order added. */
function memoryStore(): QueueStore & { rows: QueuedItem[] } {
  const rows: QueuedItem[] = [];
  let next = 1;
  return {
    rows,
    add: async (item) => void rows.push({ ...item, id: next++ }),
    list: async () => rows.map((row) => ({ ...row })),
    put: async (item) =>
      void rows.splice(
        rows.findIndex((row) => row.id === item.id),
        1,
        { ...item },
      ),
    remove: async (id) =>
      void rows.splice(
        rows.findIndex((row) => row.id === id),
        1,
      ),
  };
}

const item = (label: string, key: string): QueuedItem => ({
  url: '/admin/leads/abc/site/notes',
  label,
  fields: [
    ['found', label],
    ['item_key', key],
  ],
});

/** A server that stores each key once, and the keys of every post it received. */
function server(answers: Partial<Record<string, SendOutcome[]>> = {}) {
  const received: string[] = [];
  const stored = new Set<string>();
  const send = async (queued: QueuedItem): Promise<SendOutcome> => {
    const key = String(queued.fields.find(([name]) => name === 'item_key')?.[1]);
    received.push(key);
    const planned = answers[key]?.shift();
    if (planned && planned.kind !== 'stored') return planned;
    stored.add(key);
    return { kind: 'stored' };
  };
  return { send, received, stored };
}

describe('the engineer’s queue of items without signal', () => {
  it('sends the items oldest first and removes each only once the server has it', async () => {
    const store = memoryStore();
    await store.add(item('note', 'k1'));
    await store.add(item('photo', 'k2'));
    await store.add(item('answer', 'k3'));
    const { send, received } = server();
    expect(await sendWaiting(store, send)).toBe('done');
    expect(received).toEqual(['k1', 'k2', 'k3']);
    expect(store.rows).toEqual([]);
  });

  it('stops at the first item without an answer, keeps it and what follows, and sends them in order later', async () => {
    const store = memoryStore();
    await store.add(item('note', 'k1'));
    await store.add(item('photo', 'k2'));
    await store.add(item('answer', 'k3'));
    const { send, received, stored } = server({ k2: [{ kind: 'unreachable' }] });
    expect(await sendWaiting(store, send)).toBe('unreachable');
    expect(store.rows.map((row) => row.label)).toEqual(['photo', 'answer']);
    expect(waitingWords(waitingCount(store.rows))).toBe('2 items waiting to send');
    expect(await sendWaiting(store, send)).toBe('done');
    expect(received).toEqual(['k1', 'k2', 'k2', 'k3']);
    expect([...stored]).toEqual(['k1', 'k2', 'k3']);
  });

  it('sends an item again with the same key after a lost answer, so the server stores it once', async () => {
    const store = memoryStore();
    await store.add(item('photo', 'k1'));
    // The server stored it, but the answer never reached the phone.
    let tries = 0;
    const stored = new Set<string>();
    const send = async (queued: QueuedItem): Promise<SendOutcome> => {
      stored.add(String(queued.fields.at(-1)?.[1]));
      return ++tries === 1 ? { kind: 'unreachable' } : { kind: 'stored' };
    };
    expect(await sendWaiting(store, send)).toBe('unreachable');
    expect(store.rows).toHaveLength(1);
    expect(await sendWaiting(store, send)).toBe('done');
    expect(tries).toBe(2);
    expect([...stored]).toEqual(['k1']);
    expect(store.rows).toEqual([]);
  });

  it('keeps a refused item with the server’s words, never sends it again, and goes on with the next', async () => {
    const store = memoryStore();
    await store.add(item('note', 'k1'));
    await store.add(item('photo', 'k2'));
    const { send, received } = server({ k1: [{ kind: 'refused', message: 'This job is now with another engineer.' }] });
    expect(await sendWaiting(store, send)).toBe('done');
    expect(store.rows).toEqual([expect.objectContaining({ label: 'note', refused: 'This job is now with another engineer.' })]);
    expect(waitingCount(store.rows)).toBe(0);
    expect(await sendWaiting(store, send)).toBe('done');
    expect(received).toEqual(['k1', 'k2']);
  });

  it('stops when signed out, keeping every item', async () => {
    const store = memoryStore();
    await store.add(item('note', 'k1'));
    const { send } = server({ k1: [{ kind: 'signed-out' }] });
    expect(await sendWaiting(store, send)).toBe('signed-out');
    expect(waitingWords(waitingCount(store.rows))).toBe('1 item waiting to send');
  });

  it('runs one at a time: asked again while running, it sends each item once and runs again after', async () => {
    const store = memoryStore();
    await store.add(item('note', 'k1'));
    const { send, received } = server();
    const slow = async (queued: QueuedItem) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return send(queued);
    };
    const ends: string[] = [];
    const run = queueRunner(store, slow, (end) => ends.push(end));
    const first = run();
    await store.add(item('photo', 'k2'));
    await Promise.all([first, run(), run()]);
    expect(received).toEqual(['k1', 'k2']);
    expect(store.rows).toEqual([]);
    expect(ends).toEqual(['done']);
  });
});
