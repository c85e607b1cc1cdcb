import type { ReactNode } from 'react';
import type { SiteContent } from '../../site-content/model';
import { AreaField, type FormPageProps, Saved, SiteForm, TextField } from './parts';
import { ReviewRow } from './ReviewRow';
import { Heading } from './SiteIndexPage';

export function PricesPage({ csrf, revision, values, errors, saved, content }: FormPageProps & { content: SiteContent }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title="Prices" intro='A "from" price shows on the service page and its card. Leave it empty to show none.' />
      <Saved saved={saved} />
      <SiteForm action="/admin/site/prices" csrf={csrf} revision={revision} errors={errors}>
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
function ListPage({
  title,
  intro,
  action,
  addLabel,
  count,
  row,
  csrf,
  revision,
  values,
  errors,
  saved,
}: FormPageProps & {
  title: string;
  intro: string;
  action: string;
  /** The legend of the empty row at the end. */
  addLabel: string;
  count: number;
  row: (i: number, required: boolean) => ReactNode;
}) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading title={title} intro={intro} />
      <Saved saved={saved} />
      <SiteForm action={action} csrf={csrf} revision={revision} errors={errors}>
        {/* How many rows this form had: a form sent back after someone else's save keeps its own rows. */}
        <input type="hidden" name="count" value={count} />
        {Array.from({ length: count + 1 }, (_, i) => (
          <fieldset key={i} className="site-fieldset">
            <legend>{i === count ? `${addLabel} (leave empty to add none)` : `${i + 1}`}</legend>
            {row(i, i < count)}
            {i < count && (
              <div className="site-hours">
                <TextField name={`order${i}`} label="Position" inputMode="numeric" values={values} errors={errors} mark={false} />
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
      intro="The questions on the FAQ page, in this order; search engines read them too."
      action="/admin/site/faq"
      addLabel="Add a question"
      row={(i, required) => (
        <>
          <TextField name={`question${i}`} label="Question" values={values} errors={errors} required={required} />
          <AreaField name={`answer${i}`} label="Answer" values={values} errors={errors} required={required} />
        </>
      )}
    />
  );
}

export function ReviewsPage(props: FormPageProps & { count: number }) {
  const { values, errors } = props;
  return (
    <ListPage
      {...props}
      title="Reviews"
      intro="Real reviews only, in the customer's own words. A review shows “Verified on Google” only with the link to it on Google."
      action="/admin/site/reviews"
      addLabel="Add a review"
      row={(i, required) => <ReviewRow i={i} required={required} values={values} errors={errors} />}
    />
  );
}
