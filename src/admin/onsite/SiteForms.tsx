import type { ReactNode } from 'react';
import SignaturePad from '../../../client/admin/islands/SignaturePad';
import { buttonClass } from '../../components/button';
import { Island } from '../../components/Island';
import type { SiteRecord } from '../../db/site-work';
import {
  type ChecklistQuestion,
  ITEM_KEY_FIELD,
  MEDIA_LIMITS_TEXT,
  NOTE_LABELS,
  NOTE_MAX,
  TYPED_NAME_MAX,
} from '../../rules/site-items';
import { CSRF_FIELD } from '../auth/session';
import { Notice } from '../shell/MessagePage';
import { AnswerFields } from './AnswerFields';
import { SiteMediaList, SiteSignatureView } from './SiteRecordView';

/**
 * The job sheet's forms (issues 50 and 57): a plain form for each item (the contract is in
 * `siteRoutes`' comment), each with `data-site-item`, a name of its own (`data-site-form`, where
 * the phone's queue says "Waiting to send" beside it) and a fresh `item_key`, so it works with
 * JavaScript off and the phone's queue can replay it when the signal returns. The taps are the
 * SiteTaps island's.
 */

export const siteBase = (leadId: string) => `/admin/leads/${leadId}/site`;

function ItemForm({
  leadId,
  item,
  form,
  csrf,
  multipart,
  className,
  children,
}: {
  leadId: string;
  item: string;
  /** The form's own name on the sheet. */
  form: string;
  csrf: string;
  multipart?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={`${siteBase(leadId)}/${item}`}
      encType={multipart ? 'multipart/form-data' : undefined}
      className={className ?? 'site-form'}
      data-site-item=""
      data-site-form={form}
    >
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <input type="hidden" name={ITEM_KEY_FIELD} value={crypto.randomUUID()} />
      {children}
      <p className="site-form__waiting" data-site-waiting="" />
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="lead-form__field">
      <label className="lead-form__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

function QuestionForm({
  leadId,
  csrf,
  question,
  answer,
}: {
  leadId: string;
  csrf: string;
  question: ChecklistQuestion;
  answer?: string;
}) {
  return (
    <ItemForm
      leadId={leadId}
      item="checklist"
      form={`question-${question.id}`}
      csrf={csrf}
      className="site-form site-form--question"
    >
      <input type="hidden" name="question" value={question.id} />
      <AnswerFields question={question} answer={answer} />
      <button type="submit" className={buttonClass('outline', 'sm')}>
        Save answer
      </button>
    </ItemForm>
  );
}

export function SiteSection({
  leadId,
  record,
  questions,
  csrf,
  saved,
  taps,
}: {
  leadId: string;
  record: SiteRecord;
  questions: readonly ChecklistQuestion[];
  csrf: string;
  saved: 'saved' | 'undone' | null;
  /** The taps' island, rendered by the page. */
  taps: ReactNode;
}) {
  const answers = new Map(record.answers.map((answer) => [answer.questionId, answer.answer]));
  const notes = record.notes.at(-1);
  return (
    <section id="on-site" className="site-section" aria-labelledby="on-site-heading">
      <h2 id="on-site-heading" className="lead-page__heading">
        On site
      </h2>
      {saved && <Notice tone="success">{saved === 'undone' ? 'Undone.' : 'Saved.'}</Notice>}
      {taps}

      <h3 className="site-section__heading">Notes</h3>
      {/* The job's notes: saved whole each time, so the boxes show them as they stand. */}
      <ItemForm leadId={leadId} item="notes" form="notes" csrf={csrf}>
        {(['found', 'done', 'recommended'] as const).map((field) => (
          <Field key={field} id={`note-${field}`} label={NOTE_LABELS[field]}>
            <textarea
              id={`note-${field}`}
              name={field}
              rows={3}
              maxLength={NOTE_MAX}
              defaultValue={notes?.[field] ?? ''}
              className="lead-form__control"
            />
          </Field>
        ))}
        <button type="submit" className={buttonClass('outline', 'sm')}>
          Save notes
        </button>
      </ItemForm>

      {questions.length > 0 && (
        <>
          <h3 className="site-section__heading">Checklist</h3>
          {questions.map((question) => (
            <QuestionForm key={question.id} leadId={leadId} csrf={csrf} question={question} answer={answers.get(question.id)} />
          ))}
        </>
      )}

      <h3 className="site-section__heading">Photos and videos</h3>
      <SiteMediaList leadId={leadId} record={record} />
      <ItemForm leadId={leadId} item="media" form="media" csrf={csrf} multipart>
        <Field id="site-file" label="Photo or short video">
          <input id="site-file" type="file" name="file" accept="image/*,video/*" required className="lead-form__control" />
        </Field>
        <p className="lead-form__hint">{MEDIA_LIMITS_TEXT}</p>
        <fieldset className="site-form__choice">
          <legend className="lead-form__label">Taken</legend>
          <label>
            <input type="radio" name="stage" value="before" required /> Before the work
          </label>
          <label>
            <input type="radio" name="stage" value="after" /> After the work
          </label>
        </fieldset>
        <button type="submit" className={buttonClass('outline', 'sm')}>
          Send
        </button>
      </ItemForm>

      <h3 className="site-section__heading">Customer’s signature</h3>
      <SiteSignatureView leadId={leadId} record={record} />
      <ItemForm
        leadId={leadId}
        item="signature"
        form="signature"
        csrf={csrf}
        multipart
        className="site-form site-form--signature"
      >
        <Field id="site-signature" label="Signature (a picture)">
          <input id="site-signature" type="file" name="signature" accept="image/png" className="lead-form__control" />
        </Field>
        {/* With JavaScript: a box to sign in, whose drawing goes into the field above (hidden then). */}
        <Island name="SignaturePad" component={SignaturePad} props={{ field: 'signature' }} />
        <Field id="site-typed-name" label="Customer’s name">
          <input
            id="site-typed-name"
            name="typed_name"
            maxLength={TYPED_NAME_MAX}
            autoComplete="off"
            className="lead-form__control"
          />
        </Field>
        <button type="submit" className={buttonClass('outline', 'sm')}>
          Save signature
        </button>
      </ItemForm>
      <ItemForm leadId={leadId} item="signature" form="not-present" csrf={csrf} multipart className="site-form site-form--button">
        <input type="hidden" name="not_present" value="yes" />
        <button type="submit" className={buttonClass('ghost', 'sm')}>
          Customer not present
        </button>
      </ItemForm>
    </section>
  );
}
