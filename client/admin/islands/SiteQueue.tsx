import { useEffect, useRef, useState } from 'react';
import { captureForm, settleForm } from '../site-queue/capture';
import { indexedDbQueue } from '../site-queue/idb-store';
import { keepEngineerDay } from '../site-queue/keep-day';
import { type QueuedItem, queueRunner, type RunEnd, waitingCount, waitingWords } from '../site-queue/queue';
import { sendItem } from '../site-queue/send-item';

/**
 * The engineer's job page without signal (issue 50): every on-site form (form[data-site-item])
 * is taken over as it is submitted. Its item is kept in IndexedDB first, then sent with the
 * others in order (each once: an item key of its own, removed only when the server has it),
 * again when the signal comes back and every half minute. The page says how many wait and
 * shows, for good, any the server refused. Without JavaScript the forms post as they are.
 */
export interface SiteQueueProps {
  typedBeforeStart?: Record<string, string>;
}

const RETRY_MS = 30_000;
const NOTE: Record<RunEnd, string> = {
  done: '',
  unreachable: 'No signal: they are kept on this phone and sent when it returns.',
  'signed-out': 'Sign in again to send them: they are kept on this phone until then.',
};

export default function SiteQueue(_props: SiteQueueProps) {
  const [items, setItems] = useState<QueuedItem[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const dismiss = useRef<(id: number) => void>(() => {});

  useEffect(() => {
    const store = indexedDbQueue();
    const refresh = () =>
      store
        .list()
        .then(setItems)
        .catch(() => setProblem('This browser cannot keep items on the phone: send them with signal.'));
    const run = queueRunner(
      store,
      async (item) => {
        const outcome = await sendItem(item);
        void refresh();
        return outcome;
      },
      (end) => {
        setNote(NOTE[end]);
        void refresh();
      },
    );
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.matches('form[data-site-item]')) return;
      event.preventDefault();
      setProblem('');
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
    const again = () => void run();
    document.addEventListener('submit', onSubmit);
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_MS);
    dismiss.current = (id) => void store.remove(id).then(refresh);
    void refresh().then(again);
    void keepEngineerDay();
    return () => {
      document.removeEventListener('submit', onSubmit);
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, []);

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
