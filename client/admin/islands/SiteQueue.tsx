import { useEffect, useRef, useState } from 'react';
import { captureForm, settleForm } from '../site-queue/capture';
import { ASK_EVENT, tellSent, tellWaiting } from '../site-queue/events';
import { indexedDbQueue } from '../site-queue/idb-store';
import { keepEngineerDay } from '../site-queue/keep-day';
import { type QueuedItem, queueRunner, type RunEnd, waitingCount, waitingWords } from '../site-queue/queue';
import { sendItem } from '../site-queue/send-item';

/**
 * The job sheet without signal (issues 50 and 57): every on-site form (form[data-site-item]) is
 * taken over as it is submitted. Its item is kept in IndexedDB first, then sent with the others
 * in order (each once: an item key of its own, removed only when the server has it). Beside its
 * form each item says "Waiting to send" until the server has it ("Saved" then); a bar that stays
 * in view at the foot of the screen counts them. Without signal the queue is tried again every
 * second (a failed try without signal costs nothing) and at once when the browser says the signal
 * is back, so the count clears within a second or two of it; otherwise every half minute. The
 * taps island hears of the items through window events (../site-queue/events). Without
 * JavaScript the forms post as they are.
 */
export interface SiteQueueProps {
  typedBeforeStart?: Record<string, string>;
}

const RETRY_MS = 30_000;
/** While the last try found no signal: how soon to try again. */
const NO_SIGNAL_RETRY_MS = 1_000;
const NOTE: Record<RunEnd, string> = {
  done: '',
  unreachable: 'No signal: they are kept on this phone and sent when it returns.',
  'signed-out': 'Sign in again to send them: they are kept on this phone until then.',
};

/** Each form's line beside it (its `[data-site-waiting]` slot): waiting, refused or saved. */
function markForms(items: readonly QueuedItem[], saved: ReadonlySet<string>) {
  for (const slot of document.querySelectorAll<HTMLElement>('form[data-site-form] [data-site-waiting]')) {
    const form = slot.closest<HTMLFormElement>('form')!.dataset.siteForm!;
    const mine = items.filter((item) => item.form === form);
    const refused = mine.find((item) => item.refused !== undefined);
    const waiting = mine.filter((item) => item.refused === undefined).length;
    const text = refused
      ? `Not sent: ${refused.refused}`
      : waiting > 0
        ? waiting === 1
          ? 'Waiting to send'
          : `${waiting} waiting to send`
        : saved.has(form)
          ? 'Saved'
          : '';
    slot.textContent = text;
    slot.dataset.state = refused ? 'refused' : waiting > 0 ? 'waiting' : text ? 'saved' : '';
  }
}

export default function SiteQueue(_props: SiteQueueProps) {
  const [items, setItems] = useState<QueuedItem[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const dismiss = useRef<(id: number) => void>(() => {});

  useEffect(() => {
    const store = indexedDbQueue();
    let kept: QueuedItem[] = [];
    const refresh = () =>
      store
        .list()
        .then((list) => {
          kept = list;
          setItems(list);
          tellWaiting(list);
        })
        .catch(() => setProblem('This browser cannot keep items on the phone: send them with signal.'));
    let retry: ReturnType<typeof setTimeout> | undefined;
    const run = queueRunner(
      store,
      async (item) => {
        const outcome = await sendItem(item);
        if (outcome.kind === 'stored') {
          tellSent(item);
          if (item.form) setSaved((forms) => new Set(forms).add(item.form!));
        }
        return outcome;
      },
      (end) => {
        setNote(NOTE[end]);
        void refresh();
        clearTimeout(retry);
        if (end !== 'done') retry = setTimeout(again, end === 'unreachable' ? NO_SIGNAL_RETRY_MS : RETRY_MS);
      },
    );
    const again = () => void run();
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('form[data-site-item]')) return;
      event.preventDefault();
      setProblem('');
      const formKey = form.dataset.siteForm;
      if (formKey) setSaved((forms) => new Set([...forms].filter((one) => one !== formKey)));
      void captureForm(form, event.submitter)
        .then(async (captured) => {
          if ('refused' in captured) return setProblem(captured.refused);
          await store.add(captured.item);
          settleForm(form);
          await refresh();
          void run();
        })
        .catch(() => setProblem('That could not be kept on this phone: try again with signal.'));
    };
    const tell = () => tellWaiting(kept);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('online', again);
    window.addEventListener(ASK_EVENT, tell);
    const timer = setInterval(again, RETRY_MS);
    dismiss.current = (id) => void store.remove(id).then(refresh);
    void refresh().then(again);
    void keepEngineerDay();
    return () => {
      document.removeEventListener('submit', onSubmit);
      window.removeEventListener('online', again);
      window.removeEventListener(ASK_EVENT, tell);
      clearInterval(timer);
      clearTimeout(retry);
    };
  }, []);

  useEffect(() => markForms(items, saved), [items, saved]);

  const waiting = waitingCount(items);
  const refused = items.filter((item) => item.refused !== undefined);
  return (
    <div className="site-queue" role="status" aria-live="polite">
      {waiting > 0 && (
        <p className="site-queue__waiting">
          <strong>{waitingWords(waiting)}</strong> {note}
        </p>
      )}
      {problem && <p className="site-queue__problem">{problem}</p>}
      {refused.length > 0 && (
        <ul className="site-queue__refused">
          {refused.map((item) => (
            <li key={item.id}>
              {`${item.label}: not sent. ${item.refused}`}{' '}
              <button type="button" onClick={() => item.id !== undefined && dismiss.current(item.id)}>
                Remove from this phone
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
