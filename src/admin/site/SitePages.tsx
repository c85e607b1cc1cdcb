import type { RevisionRow } from '../../db/content-revisions';
import type { FieldErrors } from '../../leads/schemas';
import { type SiteContent, WEEKDAYS } from '../../site-content/model';
import { formatLondon } from '../shell/london-time';
import { CSRF_FIELD } from '../shell/session';
import { AreaField, Saved, SiteForm, TextField } from './parts';

type Values = Record<string, string>;

export const SITE_SECTIONS = [
  { id: 'facts', label: 'Business facts', hint: 'Name, phone numbers, e-mail, address, hours, claims' },
  { id: 'notices', label: 'Notices', hint: 'A banner with a start and an end, such as holiday hours' },
  { id: 'services', label: 'Services', hint: 'The text and picture of each service page' },
  { id: 'prices', label: 'Prices', hint: 'An optional "from £X" for each service' },
  { id: 'faq', label: 'FAQ', hint: 'Questions and answers' },
  { id: 'reviews', label: 'Reviews', hint: 'The testimonials on the home page' },
  { id: 'areas', label: 'Areas', hint: 'Places, map towns and postcode districts' },
  { id: 'history', label: 'History', hint: 'Every saved version; restore an earlier one' },
] as const;
export type SiteSection = (typeof SITE_SECTIONS)[number]['id'];

function Heading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="admin-heading">
      <h1 className="admin-title">{title}</h1>
      {intro && <p className="admin-muted">{intro}</p>}
      <p>
        <a href="/admin/site">← All site content</a>
      </p>
    </div>
  );
}

export function SiteIndexPage({ latest }: { latest: RevisionRow | undefined }) {
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Site content</h1>
        <p className="admin-muted">
          {latest
            ? `Last published ${formatLondon(latest.createdAt)} (${latest.summary}).`
            : 'The site shows its original content: nothing has been changed here yet.'}
        </p>
      </div>
      <ul className="admin-list">
        {SITE_SECTIONS.map((section) => (
          <li key={section.id} className="admin-item">
            <div className="admin-item__main">
              <a className="admin-item__title" href={`/admin/site/${section.id}`}>
                {section.label}
              </a>
              <p className="admin-item__meta">{section.hint}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface FormPageProps {
  csrf: string;
  values: Values;
  errors: FieldErrors;
  saved: boolean;
}

export function FactsPage({ csrf, values, errors, saved }: FormPageProps) {
  const t = (name: string, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={name} label={label} values={values} errors={errors} {...extra} />
  );
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="Business facts" intro="Everything here shows on every page, in the e-mails and in search results." />
      <Saved saved={saved} />
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

export function NoticesPage({ csrf, values, errors, saved, content }: FormPageProps & { content: SiteContent }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading
        title="Notices"
        intro="A notice shows at the top of every page from its start to its end (UK time), then goes by itself."
      />
      <Saved saved={saved} />
      {content.notices.length > 0 ? (
        <ul className="admin-list">
          {content.notices.map((notice) => (
            <li key={notice.id} className="admin-item">
              <div className="admin-item__main">
                <p className="admin-item__title">{notice.text}</p>
                <p className="admin-item__meta">
                  {`${notice.starts.replace('T', ' ')} to ${notice.ends.replace('T', ' ')}`}
                  {notice.hours ? (notice.hours.opens ? `, open ${notice.hours.opens}–${notice.hours.closes}` : ', closed') : ''}
                </p>
              </div>
              <form method="post" action={`/admin/site/notices/${notice.id}/remove`}>
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <button type="submit" className="btn btn--outline btn--sm">
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">No notices.</p>
      )}
      <h2>Add a notice</h2>
      <SiteForm action="/admin/site/notices" csrf={csrf} errors={errors} button="Publish notice">
        <TextField
          name="text"
          label="Notice"
          values={values}
          errors={errors}
          required
          hint="For example: Christmas Day: emergency calls only."
        />
        <TextField name="starts" label="Starts" type="datetime-local" values={values} errors={errors} required />
        <TextField name="ends" label="Ends" type="datetime-local" values={values} errors={errors} required />
        <fieldset className="site-fieldset">
          <legend>Does it change the opening hours?</legend>
          {[
            ['', 'No'],
            ['closed', 'Closed'],
            ['hours', 'Open only these hours'],
          ].map(([value, label]) => (
            <label key={value} className="admin-check">
              <input type="radio" name="hoursChange" value={value} defaultChecked={(values.hoursChange ?? '') === value} />{' '}
              {label}
            </label>
          ))}
          <TextField name="opens" label="Opens" type="time" values={values} errors={errors} />
          <TextField name="closes" label="Closes" type="time" values={values} errors={errors} />
        </fieldset>
      </SiteForm>
    </section>
  );
}

export function PricesPage({ csrf, values, errors, saved, content }: FormPageProps & { content: SiteContent }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="Prices" intro='A "from" price shows on the service page and its card. Leave it empty to show none.' />
      <Saved saved={saved} />
      <SiteForm action="/admin/site/prices" csrf={csrf} errors={errors}>
        {content.services.map((service) => (
          <fieldset key={service.slug} className="site-fieldset">
            <legend>{service.title}</legend>
            <TextField name={`price-${service.slug}`} label="From £" inputMode="decimal" values={values} errors={errors} />
            <label className="admin-check">
              <input type="checkbox" name={`vat-${service.slug}`} defaultChecked={values[`vat-${service.slug}`] === 'on'} /> VAT
              included
            </label>
          </fieldset>
        ))}
      </SiteForm>
    </section>
  );
}

/** FAQ and reviews: one fieldset a row, an order number, a box to remove it, and an empty row to add one. */
export function ListPage({
  title,
  intro,
  action,
  count,
  row,
  csrf,
  values,
  errors,
  saved,
}: FormPageProps & {
  title: string;
  intro: string;
  action: string;
  count: number;
  row: (i: number) => React.ReactNode;
}) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title={title} intro={intro} />
      <Saved saved={saved} />
      <SiteForm action={action} csrf={csrf} errors={errors}>
        {Array.from({ length: count + 1 }, (_, i) => (
          <fieldset key={i} className="site-fieldset">
            <legend>{i === count ? 'Add one' : `${i + 1}`}</legend>
            {row(i)}
            {i < count && (
              <div className="site-hours">
                <TextField name={`order${i}`} label="Position" inputMode="numeric" values={values} errors={errors} />
                <label className="admin-check">
                  <input type="checkbox" name={`remove${i}`} /> Remove
                </label>
              </div>
            )}
          </fieldset>
        ))}
      </SiteForm>
    </section>
  );
}

export function AreasPage({ csrf, values, errors, saved }: FormPageProps) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading
        title="Areas"
        intro="Where you work: the footer and service pages list the places; the quote form checks postcodes against the districts."
      />
      <Saved saved={saved} />
      <SiteForm action="/admin/site/areas" csrf={csrf} errors={errors}>
        <AreaField
          name="places"
          label="Places you cover"
          rows={10}
          values={values}
          errors={errors}
          required
          hint="One per line."
        />
        <AreaField
          name="towns"
          label="Towns on the map"
          rows={8}
          values={values}
          errors={errors}
          hint='One per line: "Name | latitude | longitude".'
        />
        <AreaField
          name="districts"
          label="Postcode districts covered"
          rows={4}
          values={values}
          errors={errors}
          required
          hint="Like BH6 BH23 SO41."
        />
        <AreaField
          name="outline"
          label="Shaded area on the map"
          rows={8}
          values={values}
          errors={errors}
          required
          hint='Its corners in order, one a line: "latitude | longitude".'
        />
      </SiteForm>
    </section>
  );
}

export function HistoryPage({ csrf, revisions, restored }: { csrf: string; revisions: RevisionRow[]; restored: boolean }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="History" intro="Every save is kept. Restoring an earlier version publishes it again as a new save." />
      {restored && (
        <p className="admin-notice" role="status">
          Restored and published.
        </p>
      )}
      {revisions.length === 0 && <p className="admin-muted">Nothing saved yet: the site shows its original content.</p>}
      {revisions.length > 0 && (
        <form method="post" action="/admin/site/history/0/restore">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <button type="submit" className="btn btn--outline btn--sm">
            Restore the original content
          </button>
        </form>
      )}
      <ul className="admin-list">
        {revisions.map((revision, i) => (
          <li key={revision.id} className="admin-item">
            <div className="admin-item__main">
              <p className="admin-item__title">{`${revision.summary}${i === 0 ? ' (live)' : ''}`}</p>
              <p className="admin-item__meta">{`${formatLondon(revision.createdAt)} by ${revision.author} · version ${revision.id}`}</p>
            </div>
            {i > 0 && (
              <form method="post" action={`/admin/site/history/${revision.id}/restore`}>
                <input type="hidden" name={CSRF_FIELD} value={csrf} />
                <button type="submit" className="btn btn--outline btn--sm">
                  Restore
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
