import { WEEKDAYS } from '../../site-content/model';
import { AreaField, type FormPageProps, Saved, SiteForm, TextField } from './parts';
import { Heading } from './SiteIndexPage';

export function FactsPage({
  csrf,
  values,
  errors,
  saved,
  stillSayAllHours = [],
}: FormPageProps & { stillSayAllHours?: string[] }) {
  const t = (name: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={name} label={label} values={values} errors={errors} {...extra} />
  );
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="Business facts" intro="Everything here shows on every page, in the e-mails and in search results." />
      <Saved saved={saved} />
      {stillSayAllHours.length > 0 && (
        <p className="admin-notice admin-notice--warning" role="note">
          {`The emergency line no longer answers 24/7, but your own words still say so in ${stillSayAllHours.join(', ')}. The rest of the site already gives your hours; please change these words too.`}
        </p>
      )}
      <SiteForm action="/admin/site/facts" csrf={csrf} errors={errors}>
        <fieldset className="site-fieldset">
          <legend>Phone, WhatsApp and e-mail</legend>
          {t('emergencyPhone', 'Emergency number (24/7)', {
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
        <fieldset className="site-fieldset">
          <legend>The business</legend>
          {t('name', 'Business name', { required: true })}
          {t('shortName', 'Short name', { required: true })}
          {t('tagline', 'Tagline', { required: true })}
          <AreaField name="blurb" label="Description" values={values} errors={errors} required />
          {t('companyNumber', 'Company number', { hint: 'Optional, 8 characters.' })}
          {t('vatNumber', 'VAT number', { hint: 'Optional.' })}
          <AreaField
            name="accreditations"
            label="Accreditations and insurance"
            values={values}
            errors={errors}
            hint='One per line: a name, then optionally " | " and an https:// link.'
          />
        </fieldset>
        <fieldset className="site-fieldset">
          <legend>Address and map position</legend>
          {t('street', 'Street', { hint: 'Optional: leave empty to show only the area.' })}
          {t('locality', 'Locality', { required: true })}
          {t('town', 'Town', { required: true })}
          {t('region', 'County', { required: true })}
          {t('postcode', 'Postcode', { required: true })}
          {t('lat', 'Latitude', { inputMode: 'decimal', required: true })}
          {t('lng', 'Longitude', { inputMode: 'decimal', required: true })}
        </fieldset>
        <fieldset className="site-fieldset">
          <legend>Opening hours</legend>
          <label className="admin-check">
            <input type="radio" name="hoursMode" value="24/7" defaultChecked={values.hoursMode !== 'days'} /> Open 24/7
          </label>
          <label className="admin-check">
            <input type="radio" name="hoursMode" value="days" defaultChecked={values.hoursMode === 'days'} /> These hours each day
          </label>
          <label className="admin-check">
            <input
              type="checkbox"
              name="emergencyLine247"
              value="on"
              defaultChecked={values.emergencyLine247 === 'on'}
              aria-describedby="emergencyLine247-hint"
            />{' '}
            The emergency line answers 24/7, outside these hours too
          </label>
          <p id="emergencyLine247-hint" className="lead-form__hint">
            Untick it and the whole site, its e-mails and search results give these hours instead of "24/7".
          </p>
          {WEEKDAYS.map((day) => (
            <div key={day} className="site-hours">
              {t(`opens-${day}`, `${day} opens`, { type: 'time' })}
              {t(`closes-${day}`, `${day} closes`, { type: 'time' })}
            </div>
          ))}
        </fieldset>
        <fieldset className="site-fieldset">
          <legend>Claims, stats and reviews</legend>
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
      </SiteForm>
    </section>
  );
}
