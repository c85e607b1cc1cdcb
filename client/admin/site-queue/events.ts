import { TAKEN_AT_FIELD } from '../../../src/rules/site-items';
import type { QueuedItem } from './queue';

/**
 * What the phone's queue (the SiteQueue island) tells the rest of the job sheet (issue 57): the
 * items waiting, whenever they change, and each item once the server has it, so the taps island
 * shows a waiting tap at once and a sent one for good, without a reload. Window events: the
 * islands hydrate in either order, so the taps ask for the list when they start.
 */

/** An item as the page hears of it: the form it came from (`data-site-form`), its fields' text and when it was made. */
export interface HeardItem {
  form: string;
  url: string;
  fields: Record<string, string>;
  at: number;
  refused?: string;
}

export const QUEUE_EVENT = 'site-queue';
export const SENT_EVENT = 'site-item-sent';
export const ASK_EVENT = 'site-queue-ask';

function heardOf(item: QueuedItem): HeardItem {
  const fields: Record<string, string> = {};
  for (const [name, value] of item.fields) if (typeof value === 'string') fields[name] = value;
  return {
    form: item.form ?? '',
    url: item.url,
    fields,
    at: Number(fields[TAKEN_AT_FIELD]) || Date.now(),
    refused: item.refused,
  };
}

export const tellWaiting = (items: readonly QueuedItem[]) =>
  window.dispatchEvent(new CustomEvent<HeardItem[]>(QUEUE_EVENT, { detail: items.map(heardOf) }));

export const tellSent = (item: QueuedItem) =>
  window.dispatchEvent(new CustomEvent<HeardItem>(SENT_EVENT, { detail: heardOf(item) }));
