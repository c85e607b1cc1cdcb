import { regionTowns } from '../../content/region-towns';
import { WEEKDAYS } from '../../site-content/model';
import { describedBy, Field } from '../shell/parts';
import { FACTS_SHOW, type FactPart, factPart } from './fact-parts';
import { accreditationRows } from './facts-form';
import { InvoicingFields } from './InvoicingFields';
import { AreaField, type FormPageProps, Saved, SiteForm, TextField } from './parts';

/** One part of the business facts, with its own Publish: only its fields are saved. */
/** 'all': every part on one page, only for a post that carried every fact at once (/admin/site/facts). */
export function FactsPage({ csrf, revision, values, errors, saved, part }: FormPageProps & { part: FactPart | 'all' }) {
  const show = (id: FactPart) => part === 'all' || part === id;
  const t = (name: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={name} label={label} values={values} errors={errors} {...extra} />
  );
  const legend = (id: FactPart) => factPart(id).legend;
  // A message for a field of another part (a rule that changed since it was saved) still shows.
  const elsewhere = Object.entries(errors).filter(([name]) => name !== '_form' && !(name in values));
  return (
    <section className="admin-panel admin-panel--narrow">
      <div className="admin-heading">
        <h1 className="admin-title">{part === 'all' ? 'Business facts' : legend(part)}</h1>
        <p className="admin-muted">{part === 'all' ? FACTS_SHOW : factPart(part).shows}</p>
        <p>
          <a href="/admin/site/facts">← All business facts</a>
        </p>
      </div>
      <Saved saved={saved} />
      <SiteForm
        action={part === 'all' ? '/admin/site/facts' : `/admin/site/facts/${part}`}
        csrf={csrf}
        revision={revision}
        errors={errors}
      >
        {elsewhere.map(([name, message]) => (
          <p key={name} className="lead-form__error">
            {message}
          </p>
        ))}
        {show('contact') && (
          <fieldset className="site-fieldset">
            <legend>{legend('contact')}</legend>
            {t('emergencyPhone', 'Emergency number', {
              type: 'tel',
              required: true,
              hint: 'Shown on every page as the call button.',
            })}
            {t('directorPhone', "Director's mobile", { type: 'tel', required: true })}
            {t('directorName', "Director's name", { required: true })}
            {t('directorRole', "Director's role", { required: true })}
            {t('whatsappNumber', 'WhatsApp number', { type: 'tel', required: true })}
            {t('whatsappMessage', 'WhatsApp message', { required: true, hint: 'What the customer’s chat starts with.' })}
            {t('email', 'E-mail address', { type: 'email', required: true })}
          </fieldset>
        )}
        {show('business') && (
          <fieldset className="site-fieldset">
            <legend>{legend('business')}</legend>
            {t('name', 'Business name', { required: true })}
            {t('shortName', 'Short name', { required: true })}
            {t('tagline', 'Tagline', { required: true })}
            <AreaField name="blurb" label="Description" values={values} errors={errors} required />
            {t('companyNumber', 'Company number', { hint: '8 characters.' })}
            {t('vatNumber', 'VAT number')}
            <fieldset className="site-fieldset">
              <legend>Accreditations and insurance</legend>
              <p className="lead-form__hint">
                Shown at the foot of every page. Add the link to your entry on their site, if they have one; leave both boxes
                empty to remove a row.
              </p>
              {Array.from({ length: accreditationRows(values) }, (_, i) => (
                <div key={`accreditation-${i}`} className="site-pair">
                  {t(`accreditationName${i}`, `Name ${i + 1}`)}
                  {t(`accreditationLink${i}`, `Link ${i + 1}`, { type: 'url' })}
                </div>
              ))}
            </fieldset>
          </fieldset>
        )}
        {show('place') && (
          <fieldset className="site-fieldset">
            <legend>{legend('place')}</legend>
            {t('street', 'Street', { hint: 'Leave empty to show only the area.' })}
            {t('locality', 'Locality', { required: true })}
            {t('town', 'Town', { required: true })}
            {t('region', 'County', { required: true })}
            {t('postcode', 'Postcode', { required: true })}
            <PlacePicker values={values} errors={errors} />
          </fieldset>
        )}
        {show('hours') && (
          <fieldset className="site-fieldset">
            <legend>{legend('hours')}</legend>
            <label className="admin-check">
              <input type="radio" name="hoursMode" value="24/7" defaultChecked={values.hoursMode !== 'days'} /> Open 24/7
            </label>
            <label className="admin-check">
              <input type="radio" name="hoursMode" value="days" defaultChecked={values.hoursMode === 'days'} /> These hours each
              day
            </label>
            <p className="lead-form__hint">For a day you are closed, tick Closed (or leave both times empty).</p>
            <p className="lead-form__label" id="emergencyLine247-label">
              The emergency line answers
            </p>
            {/* Two radios, not a checkbox: an unticked box is not sent, and a part's save keeps what it does not receive. */}
            <div role="radiogroup" aria-labelledby="emergencyLine247-label">
              <label className="admin-check">
                <input type="radio" name="emergencyLine247" value="on" defaultChecked={values.emergencyLine247 === 'on'} /> 24/7,
                outside these hours too
              </label>
              <label className="admin-check">
                <input type="radio" name="emergencyLine247" value="off" defaultChecked={values.emergencyLine247 !== 'on'} /> Only
                in these hours
              </label>
            </div>
            <p className="lead-form__hint">
              Only in these hours: the site, its e-mails and search results give these hours wherever they said "24/7".
            </p>
            {WEEKDAYS.map((day) => (
              <DayHoursFields key={day} day={day} values={values} errors={errors} />
            ))}
          </fieldset>
        )}
        {show('claims') && (
          <fieldset className="site-fieldset">
            <legend>{legend('claims')}</legend>
            {t('average', 'Average response', { required: true })}
            {t('aim', 'Response aim (service pages)', { required: true })}
            {t('callBack', 'Call-back promise (e-mails)', { required: true })}
            {[0, 1, 2].map((i) => (
              <div key={i} className="site-hours">
                {t(`stat${i}value`, `Stat ${i + 1}`, { required: true })}
                {t(`stat${i}label`, `Stat ${i + 1} label`, { required: true })}
              </div>
            ))}
            {t('ratingValue', 'Rating out of 5', { inputMode: 'decimal', required: true })}
            {t('ratingCount', 'Customers who rated', { inputMode: 'numeric', required: true })}
            {t('reviewsUrl', 'Google reviews link', { type: 'url', required: true })}
            {t('instagram', 'Instagram link', { type: 'url' })}
            {t('x', 'X link', { type: 'url' })}
          </fieldset>
        )}
        {show('quotes') && (
          <fieldset className="site-fieldset">
            <legend>{legend('quotes')}</legend>
            <AreaField
              name="quoteTerms"
              label="Terms on every quote"
              values={values}
              errors={errors}
              required
              hint="Shown on each new quote, its e-mail and the customer's quote page. A quote already written keeps the terms it was written with."
            />
          </fieldset>
        )}
        {show('invoicing') && (
          <fieldset className="site-fieldset">
            <legend>{legend('invoicing')}</legend>
            <InvoicingFields values={values} errors={errors} />
          </fieldset>
        )}
      </SiteForm>
    </section>
  );
}

/**
 * One day's hours: the day named once (its legend), its two times side by side under short
 * labels, and Closed, which wins over any times left in the boxes (readFacts). Ticked for a day
 * with no times once "These hours each day" is chosen. Short labels keep a row one line at 320 px.
 */
function DayHoursFields({ day, values, errors }: Pick<FormPageProps, 'values' | 'errors'> & { day: string }) {
  const closed =
    values[`closed-${day}`] === 'yes' || (values.hoursMode === 'days' && !values[`opens-${day}`] && !values[`closes-${day}`]);
  const time = (name: string, label: string) => (
    <TextField name={name} label={label} values={values} errors={errors} type="time" mark={false} />
  );
  return (
    <fieldset className="site-day">
      <legend>{day}</legend>
      <div className="site-day__times">
        {time(`opens-${day}`, 'Opens')}
        {time(`closes-${day}`, 'Closes')}
      </div>
      <label className="admin-check site-day__closed">
        <input type="checkbox" name={`closed-${day}`} value="yes" defaultChecked={closed} /> Closed
      </label>
    </fieldset>
  );
}

/** Where the business shows on the map: a town of the region, or where it is now. */
function PlacePicker({ values, errors }: Pick<FormPageProps, 'values' | 'errors'>) {
  const current = regionTowns.find((t) => String(t.lat) === values.lat && String(t.lng) === values.lng);
  return (
    <Field
      name="placeTown"
      label="Where you show on the map"
      error={errors.placeTown}
      required
      hint="The nearest town is close enough."
    >
      <select
        id="placeTown"
        name="placeTown"
        className="lead-form__control"
        defaultValue={values.placeTown ?? current?.name ?? ''}
        aria-invalid={errors.placeTown ? true : undefined}
        aria-describedby={describedBy('placeTown', true, Boolean(errors.placeTown))}
      >
        {!current && <option value="">Where it is now</option>}
        {regionTowns.map((town) => (
          <option key={town.name} value={town.name}>
            {town.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
