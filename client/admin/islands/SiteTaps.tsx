import { useEffect, useState } from 'react';
import { CSRF_FIELD } from '../../../src/admin/auth/session-fields';
import { buttonClass } from '../../../src/components/button';
import { ITEM_KEY_FIELD } from '../../../src/rules/site-items';
import { judgeTap, nextTap, TAP_KINDS, TAP_LABELS, type TapKind, UNDO_MS } from '../../../src/rules/site-taps';
import { timeWords } from '../../../src/rules/site-times';
import { ASK_EVENT, type HeardItem, QUEUE_EVENT, SENT_EVENT } from '../site-queue/events';

/**
 * The job sheet's taps (issue 57): On my way → Arrived → Finished, each a plain form (it works
 * with JavaScript off: the server takes the tap in order and the page it sends back shows it),
 * and the latest undone for a minute. With JavaScript the phone's queue takes the form; this
 * island hears of it at once (a tap waiting to send shows as made, marked "waiting to send") and
 * when the server has it, so the next step is offered without a reload, with or without signal.
 */

export interface Tap {
  kind: TapKind;
  at: number;
  waiting?: boolean;
}

export interface SiteTapsProps {
  /** Where the sheet's forms post: /admin/leads/<id>/site. */
  base: string;
  csrf: string;
  taps: Tap[];
  /** The server's clock at render, so the undo shows the same on the server and at hydration. */
  now: number;
  /** An item key per form, written at render (the queue gives each queued item its own). */
  keys: Record<TapKind | 'undo', string>;
}

const isTapKind = (value: string): value is TapKind => (TAP_KINDS as readonly string[]).includes(value);

/** The taps after one more item: a tap taken in order, or the latest undone. */
function applyItem(taps: readonly Tap[], item: HeardItem, waiting: boolean): Tap[] {
  const kind = item.form.replace(/^tap-/, '');
  if (item.form.startsWith('tap-') && isTapKind(kind)) {
    return judgeTap(
      taps.map((tap) => tap.kind),
      kind,
    ).kind === 'store'
      ? [...taps, { kind, at: item.at, waiting }]
      : [...taps];
  }
  if (item.form === 'undo' && taps.at(-1)?.kind === item.fields.tap) return taps.slice(0, -1);
  return [...taps];
}

function TapForm({
  base,
  csrf,
  item,
  form,
  itemKey,
  children,
  extra,
}: {
  base: string;
  csrf: string;
  item: string;
  form: string;
  itemKey: string;
  children: string;
  extra?: { variant: 'default' | 'outline' | 'ghost'; tap?: TapKind };
}) {
  return (
    <form
      method="post"
      action={`${base}/${item}`}
      className="site-form site-form--button"
      data-site-item=""
      data-site-form={form}
    >
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name={ITEM_KEY_FIELD} value={itemKey} />
      {extra?.tap && <input type="hidden" name="tap" value={extra.tap} />}
      <button type="submit" className={buttonClass(extra?.variant ?? 'default', extra?.variant === 'ghost' ? 'sm' : 'lg')}>
        {children}
      </button>
    </form>
  );
}

export default function SiteTaps({ base, csrf, taps: initial, now: renderedAt, keys }: SiteTapsProps) {
  const [sent, setSent] = useState<Tap[]>(initial);
  const [waiting, setWaiting] = useState<HeardItem[]>([]);
  const [now, setNow] = useState(renderedAt);

  useEffect(() => {
    const onQueue = (event: Event) => setWaiting((event as CustomEvent<HeardItem[]>).detail.filter((item) => !item.refused));
    const onSent = (event: Event) => setSent((taps) => applyItem(taps, (event as CustomEvent<HeardItem>).detail, false));
    window.addEventListener(QUEUE_EVENT, onQueue);
    window.addEventListener(SENT_EVENT, onSent);
    window.dispatchEvent(new Event(ASK_EVENT));
    setNow(Date.now());
    const clock = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.removeEventListener(QUEUE_EVENT, onQueue);
      window.removeEventListener(SENT_EVENT, onSent);
      clearInterval(clock);
    };
  }, []);

  const taps = waiting.reduce((made, item) => applyItem(made, item, true), sent);
  const made = taps.map((tap) => tap.kind);
  const next = nextTap(made);
  const latest = taps.at(-1);
  const undoable = latest && now - latest.at < UNDO_MS ? latest : null;
  return (
    <div className="site-taps">
      <ol className="site-taps__steps">
        {TAP_KINDS.map((kind) => {
          const tap = taps.find((one) => one.kind === kind);
          if (tap)
            return (
              <li key={kind} className="site-taps__step site-taps__step--done">
                <span className="site-taps__label">{`✓ ${TAP_LABELS[kind]}`}</span>{' '}
                <span className="site-taps__time">{timeWords(tap.at)}</span>
                {tap.waiting && <span className="site-taps__waiting"> waiting to send</span>}
              </li>
            );
          if (judgeTap(made, kind).kind !== 'store')
            return (
              <li key={kind} className="site-taps__step site-taps__step--later">
                {TAP_LABELS[kind]}
              </li>
            );
          return (
            <li key={kind} className="site-taps__step">
              <TapForm
                base={base}
                csrf={csrf}
                item={kind}
                form={`tap-${kind}`}
                itemKey={keys[kind]}
                extra={{ variant: kind === next ? 'default' : 'outline' }}
              >
                {TAP_LABELS[kind]}
              </TapForm>
            </li>
          );
        })}
      </ol>
      {undoable && (
        <TapForm
          base={base}
          csrf={csrf}
          item="undo"
          form="undo"
          itemKey={keys.undo}
          extra={{ variant: 'ghost', tap: undoable.kind }}
        >
          {`Undo “${TAP_LABELS[undoable.kind]}”`}
        </TapForm>
      )}
    </div>
  );
}
