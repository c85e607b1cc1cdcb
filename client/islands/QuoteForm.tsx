import { formElementId } from '../../src/leads/field-names';
import { emptyFormState, type FormState } from '../../src/leads/form-state';
import { SENT_MESSAGES } from '../../src/leads/messages';
import { formFields, LIMITS, validateQuote } from '../../src/leads/schemas';
import {
  BEST_TIME_OPTIONS,
  FormAlert,
  SelectField,
  SpamGuards,
  SubmitWithPrivacyNote,
  TextAreaField,
  TextField,
} from '../forms/fields';
import { PhotoField } from '../forms/PhotoField';
import { useLeadForm } from '../forms/useLeadForm';

export interface ServiceOption {
  slug: string;
  title: string;
}

export interface QuoteFormProps {
  state?: FormState;
  /** The service preselected from ?service= (a known slug), if any. */
  service?: string;
  /** The 12 services for the select, from the server (keeps their copy out of this bundle). */
  services: readonly ServiceOption[];
  typedBeforeStart?: Record<string, string>;
}

/**
 * The free CCTV survey quote form (SPEC §2 Free quote; DESIGN.md: really sent), with a best time
 * to call and up to 3 photos. Works as a plain multipart form post to /api/quote without
 * JavaScript; validates inline, previews the photos and sends without leaving the page with it.
 */
export default function QuoteForm({ state = emptyFormState, service = '', services, typedBeforeStart }: QuoteFormProps) {
  const blank = { 'full-name': '', email: '', phone: '', address: '', service, 'best-time': '', details: '' };
  const { field, errors, busy, token, hydrated, onSubmit, onFocus, photos, formError } = useLeadForm({
    form: 'quote',
    fields: formFields.quote,
    validate: validateQuote,
    state,
    blank,
    success: SENT_MESSAGES.quote,
    typedBeforeStart,
  });
  const options = [
    { value: '', label: 'Not sure yet' },
    ...services.map((option) => ({ value: option.slug, label: option.title })),
  ];
  return (
    <form
      className="lead-form"
      id={formElementId('quote')}
      method="post"
      action="/api/quote"
      encType="multipart/form-data"
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={onFocus}
      aria-describedby="quote-form-alert"
    >
      <FormAlert id="quote-form-alert" message={formError} />
      <SpamGuards idPrefix="quote" token={token} turnstileSiteKey={state.turnstileSiteKey} />
      <TextField
        id="quote-full-name"
        label="Full name"
        binding={field('full-name')}
        required
        autoComplete="name"
        maxLength={LIMITS.name}
      />
      <div className="lead-form__row">
        <TextField
          id="quote-email"
          label="Email"
          type="email"
          binding={field('email')}
          required
          autoComplete="email"
          maxLength={LIMITS.email}
        />
        <TextField
          id="quote-phone"
          label="Phone"
          type="tel"
          binding={field('phone')}
          required
          autoComplete="tel"
          maxLength={LIMITS.phone}
        />
      </div>
      <TextField
        id="quote-address"
        label="Property address"
        binding={field('address')}
        required
        // One line: address-line1 (the HTML standard allows street-address only on a textarea).
        autoComplete="address-line1"
        maxLength={LIMITS.address}
        placeholder="House number, street, town and postcode"
      />
      <div className="lead-form__row">
        <SelectField id="quote-service" label="Service" binding={field('service')} options={options} />
        <SelectField id="quote-best-time" label="Best time to call" binding={field('best-time')} options={BEST_TIME_OPTIONS} />
      </div>
      <TextAreaField
        id="quote-details"
        label="Details"
        binding={field('details')}
        maxLength={LIMITS.message}
        rows={5}
        placeholder="Property type (e.g. 1930s semi, flat, restaurant) and the reason for the survey (buying, recurring blockages, planning work)"
      />
      <PhotoField id="quote-photos" picker={photos} error={errors.photos} hydrated={hydrated} />
      <SubmitWithPrivacyNote purpose="prepare your quote">
        <button type="submit" className="btn btn--accent btn--lg lead-form__submit" disabled={busy}>
          {busy ? 'Sending...' : 'Request My Free Quote'}
        </button>
      </SubmitWithPrivacyNote>
    </form>
  );
}
