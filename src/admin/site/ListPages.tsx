import type { ReactNode } from 'react';
import type { SiteContent } from '../../site-content/model';
import { CSRF_FIELD } from '../auth/session';
import { AreaField, type FormPageProps, Saved, SiteForm, TextField } from './parts';
import { Heading } from './SiteIndexPage';

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
  row: (i: number) => ReactNode;
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

export function FaqPage(props: FormPageProps & { count: number }) {
  const { values, errors } = props;
  return (
    <ListPage
      {...props}
      title="FAQ"
      intro="The questions on /faq, in this order; search engines read them too."
      action="/admin/site/faq"
      row={(i) => (
        <>
          <TextField name={`question${i}`} label="Question" values={values} errors={errors} />
          <AreaField name={`answer${i}`} label="Answer" values={values} errors={errors} />
        </>
      )}
    />
  );
}

export function ReviewsPage(props: FormPageProps & { count: number }) {
  const { values, errors } = props;
  const field = (name: string, label: string, i: number, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={`${name}${i}`} label={label} values={values} errors={errors} {...extra} />
  );
  return (
    <ListPage
      {...props}
      title="Reviews"
      intro='Real reviews only. "Verified on Google" shows only for reviews given on Google.'
      action="/admin/site/reviews"
      row={(i) => (
        <>
          {field('name', 'Name', i)}
          {field('location', 'Place', i)}
          {field('rating', 'Rating (1 to 5)', i, { inputMode: 'numeric' })}
          <AreaField name={`text${i}`} label="Review" values={values} errors={errors} />
          {field('date', 'Date', i, { type: 'date' })}
          <label className="admin-check">
            <input
              type="radio"
              name={`source${i}`}
              value="google"
              defaultChecked={(values[`source${i}`] ?? 'google') === 'google'}
            />{' '}
            Given on Google
          </label>
          <label className="admin-check">
            <input type="radio" name={`source${i}`} value="other" defaultChecked={values[`source${i}`] === 'other'} /> Given
            elsewhere
          </label>
        </>
      )}
    />
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
