import type { QueuedItem, QueueStore } from './queue';

/**
 * The queue's IndexedDB database: files are kept as Blobs, so a photo taken without signal
 * survives the page being closed. The service worker deletes the whole database when the
 * engineer signs out (forgetDay), so its name is shared.
 */
export const SITE_QUEUE_DB = 'site-queue';
const ITEMS = 'items';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(SITE_QUEUE_DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(ITEMS, { keyPath: 'id', autoIncrement: true });
  return done(request).then((db) => {
    // Signing out deletes the database: let it go rather than hold the deletion up.
    db.onversionchange = () => db.close();
    return db;
  });
}

/** The queue kept in this browser's IndexedDB, opened on first use (and again after a sign-out closed it). */
export function indexedDbQueue(): QueueStore {
  let opened: Promise<IDBDatabase> | null = null;
  const items = async (mode: IDBTransactionMode) => {
    opened ??= openDatabase().catch((error: unknown) => {
      opened = null;
      throw error;
    });
    const db = await opened;
    try {
      return db.transaction(ITEMS, mode).objectStore(ITEMS);
    } catch (error) {
      opened = null;
      throw error;
    }
  };
  return {
    add: async (item) => {
      const { id: _unused, ...fresh } = item;
      await done((await items('readwrite')).add(fresh));
    },
    // Keys count up from 1, so key order is the order the items were made.
    list: async () => done((await items('readonly')).getAll() as IDBRequest<QueuedItem[]>),
    put: async (item) => {
      await done((await items('readwrite')).put(item));
    },
    remove: async (id) => {
      await done((await items('readwrite')).delete(id));
    },
  };
}
