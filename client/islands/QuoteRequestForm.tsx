import type { SentPanelFacts } from '../../src/components/forms/LeadSentPanel';
import { emptyFormState, type FormState } from '../../src/leads/form-state';
import { quoteRequestServiceTitle, quoteRequestWords } from '../../src/leads/quote-request-words';
import { formFields, LIMITS, validateQuote } from '../../src/leads/schemas';
import { BEST_TIME_OPTIONS, SelectField, SubmitWithPrivacyNote, TextAreaField, TextField } from '../forms/fields';
import { LeadFormFrame } from '../forms/LeadFormFrame';
import { PhotoField } from '../forms/PhotoField';
import { useLeadForm } from '../forms/useLeadForm';

export interface ServiceOption {
  slug: string;
  title: string;
  /** The owner's "from £X" for it, in words ('From £85 (plus VAT)'), when set. */
  price?: string;
}

export interface QuoteFormProps {
  state?: FormState;
  /** The service preselected from ?service= (a known slug), if any. */
  service?: string;
  /** The 12 services for the select, from the server (keeps their copy out of this bundle). */
  services: readonly ServiceOption[];
  /** What the sent panel states (from the content revision, on the server). */
  facts: SentPanelFacts;
  typedBeforeStart?: Record<string, string>;
}

/**
 * The quote form: the spec's free CCTV survey quote, or a quote for the service chosen (docs/spec.md §2 Free
 * quote; docs/design.md: really sent, and for the service asked about), with a best time
 * to call and up to 3 photos. Works as a plain multipart form post to /api/quote without
 * JavaScript; validates inline, previews the photos and sends without leaving the page with it.
 */
export default function QuoteRequestForm({
  state = emptyFormState,
  service = '',
  services,
  facts,
  typedBeforeStart,
}: QuoteFormProps) {
  const blank = { 'full-name': '', email: '', phone: '', address: '', postcode: '', service, 'best-time': '', details: '' };
  // The words follow the service the request is for: the spec's survey quote, or the one chosen.
  const wordsFor = (values: Record<string, string>) => quoteRequestWords(quoteRequestServiceTitle(values.service, services));
  const lead = useLeadForm({
    form: 'quote',
    fields: formFields.quote,
    validate: validateQuote,
    state,
    blank,
    success: (values) => wordsFor(values).sent,
    typedBeforeStart,
  });
  const { field, errors, busy, hydrated, photos } = lead;
  const options = [
    { value: '', label: 'Not sure yet' },
    ...services.map((option) => ({ value: option.slug, label: option.title })),
  ];
  return (
    <LeadFormFrame
      form="quote"
      lead={lead}
      facts={facts}
      anotherLabel="Send another request"
      turnstileSiteKey={state.turnstileSiteKey}
    >
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
      <div className="lead-form__row lead-form__row--address">
        <TextField
          id="quote-address"
          label="Property address"
          binding={field('address')}
          required
          // One line: address-line1 (the HTML standard allows street-address only on a textarea).
          autoComplete="address-line1"
          maxLength={LIMITS.address}
          placeholder="House number, street and town"
        />
        <TextField
          id="quote-postcode"
          label="Postcode"
          binding={field('postcode')}
          autoComplete="postal-code"
          maxLength={LIMITS.postcode}
          placeholder="e.g. BH6 3AA"
        />
      </div>
      <div className="lead-form__row">
        <SelectField
          id="quote-service"
          label="Service"
          binding={field('service')}
          options={options}
          hint={services.find((option) => option.slug === field('service').value)?.price}
        />
        <SelectField id="quote-best-time" label="Best time to call" binding={field('best-time')} options={BEST_TIME_OPTIONS} />
      </div>
      <TextAreaField
        id="quote-details"
        label="Details"
        binding={field('details')}
        maxLength={LIMITS.message}
        rows={5}
        placeholder={wordsFor({ service: field('service').value }).detailsPlaceholder}
      />
      <PhotoField id="quote-photos" picker={photos} error={errors.photos} hydrated={hydrated} />
      <SubmitWithPrivacyNote purpose="prepare your quote">
        <button type="submit" className="btn btn--accent btn--lg lead-form__submit" disabled={busy}>
          {busy ? 'Sending...' : 'Request My Free Quote'}
        </button>
      </SubmitWithPrivacyNote>
    </LeadFormFrame>
  );
}
