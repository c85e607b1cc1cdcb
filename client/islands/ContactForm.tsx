import type { SentPanelFacts } from '../../src/components/forms/LeadSentPanel';
import { emptyFormState, type FormState } from '../../src/leads/form-state';
import { SENT_MESSAGES } from '../../src/leads/messages';
import { formFields, LIMITS, validateContact } from '../../src/leads/schemas';
import { BEST_TIME_OPTIONS, SelectField, SubmitWithPrivacyNote, TextAreaField, TextField } from '../forms/fields';
import { LeadFormFrame } from '../forms/LeadFormFrame';
import { PhotoField } from '../forms/PhotoField';
import { useLeadForm } from '../forms/useLeadForm';

export interface ContactFormProps {
  state?: FormState;
  /** What the sent panel states (from the content revision, on the server). */
  facts: SentPanelFacts;
  typedBeforeStart?: Record<string, string>;
}

const blank = { name: '', email: '', phone: '', 'best-time': '', message: '' };

/**
 * The contact form (docs/spec.md §2 Contact, §4, §8), with a best time to call and up to 3 photos.
 * Server-rendered as a plain multipart form that posts to /api/contact without JavaScript; once
 * hydrated it validates inline, previews the photos, and sends without leaving the page.
 */
export default function ContactForm({ state = emptyFormState, facts, typedBeforeStart }: ContactFormProps) {
  const lead = useLeadForm({
    form: 'contact',
    fields: formFields.contact,
    validate: validateContact,
    state,
    blank,
    success: () => SENT_MESSAGES.contact,
    typedBeforeStart,
  });
  const { field, errors, busy, hydrated, photos } = lead;
  return (
    <LeadFormFrame
      form="contact"
      lead={lead}
      facts={facts}
      anotherLabel="Send another message"
      turnstileSiteKey={state.turnstileSiteKey}
    >
      <div className="lead-form__row">
        <TextField id="contact-name" label="Name" binding={field('name')} required autoComplete="name" maxLength={LIMITS.name} />
        <TextField
          id="contact-email"
          label="Email"
          type="email"
          binding={field('email')}
          required
          autoComplete="email"
          maxLength={LIMITS.email}
        />
      </div>
      <div className="lead-form__row">
        <TextField
          id="contact-phone"
          label="Phone"
          type="tel"
          binding={field('phone')}
          autoComplete="tel"
          maxLength={LIMITS.phone}
          hint="Needed if you ask us to call as soon as possible."
        />
        <SelectField id="contact-best-time" label="Best time to call" binding={field('best-time')} options={BEST_TIME_OPTIONS} />
      </div>
      <TextAreaField
        id="contact-message"
        label="Message"
        binding={field('message')}
        required
        maxLength={LIMITS.message}
        rows={6}
        placeholder="How can we help? For example: blocked outside drain, water backing up into the sink."
      />
      <PhotoField id="contact-photos" picker={photos} error={errors.photos} hydrated={hydrated} />
      <SubmitWithPrivacyNote purpose="answer you">
        <button type="submit" className="btn btn--default btn--lg lead-form__submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send Message'}
        </button>
      </SubmitWithPrivacyNote>
    </LeadFormFrame>
  );
}
