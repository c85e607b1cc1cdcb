import type { FieldErrors } from '../../rules/validation';
import type { ServiceText } from '../../site-content/model';
import { Field } from '../shell/parts';
import { AreaField, Saved, SiteForm, TextField } from './parts';

export interface PictureChoice {
  url: string;
  alt: string;
}

export function ServicesListPage({ services }: { services: readonly ServiceText[] }) {
  return (
    <section className="admin-panel">
      <div className="admin-heading">
        <h1 className="admin-title">Services</h1>
        <p className="admin-muted">The text of each service page and its card. The page addresses stay the same.</p>
        <p>
          <a href="/admin/site">← All site content</a>
        </p>
      </div>
      <ul className="admin-list">
        {services.map((service) => (
          <li key={service.slug} className="admin-item">
            <div className="admin-item__main">
              <a className="admin-item__title" href={`/admin/site/services/${service.slug}`}>
                {service.title}
              </a>
              <p className="admin-item__meta">{`/services/${service.slug}`}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ServiceEditPage({
  slug,
  csrf,
  revision,
  values,
  errors,
  saved,
  pictures,
  lineHours,
}: {
  /** The emergency line's hours in words, when some of this service's words are the defaults' 24/7 ones the site rewords. */
  lineHours?: string;
  slug: string;
  csrf: string;
  revision: number;
  values: Record<string, string>;
  errors: FieldErrors;
  saved: boolean;
  pictures: readonly PictureChoice[];
}) {
  const t = (name: string, label: string, hint?: string) => (
    <TextField name={name} label={label} values={values} errors={errors} hint={hint} required />
  );
  return (
    <section className="admin-panel admin-panel--narrow">
      <div className="admin-heading">
        <h1 className="admin-title">{values.title || 'Service'}</h1>
        <p className="admin-muted">
          <a href={`/services/${slug}`}>See this page on the site</a>
        </p>
        <p>
          <a href="/admin/site/services">← All services</a>
        </p>
      </div>
      {lineHours && (
        <p className="admin-notice admin-notice--info" role="note">
          {`Some words here say 24/7: they came with the site. While the emergency line answers only in its hours (${lineHours}), the site shows those hours in their place. Words you write yourself are shown as you write them.`}
        </p>
      )}
      <Saved saved={saved} />
      <SiteForm action={`/admin/site/services/${slug}`} csrf={csrf} revision={revision} errors={errors}>
        {t('title', 'Title')}
        <AreaField name="subtitle" label="Subtitle" rows={2} values={values} errors={errors} required />
        <AreaField
          name="description"
          label="Description (cards and the top of the page)"
          rows={3}
          values={values}
          errors={errors}
          required
        />
        <fieldset className="site-fieldset">
          <legend>The four features on the card</legend>
          {[0, 1, 2, 3].map((i) => (
            <TextField key={i} name={`feature${i}`} label={`Feature ${i + 1}`} values={values} errors={errors} required />
          ))}
        </fieldset>
        <AreaField name="benefits" label="Benefits" rows={6} values={values} errors={errors} required hint="One a line." />
        <AreaField
          name="sections"
          label="Page text"
          rows={16}
          values={values}
          errors={errors}
          required
          hint='Start each part with a line "## Heading". Leave an empty line between paragraphs.'
        />
        <Field name="image" label="Picture" error={errors.image} required hint="Upload new pictures in Media.">
          <div className="site-pictures" id="image">
            {pictures.map((picture) => (
              <label key={picture.url} className="site-picture">
                <input type="radio" name="image" value={picture.url} defaultChecked={values.image === picture.url} />
                <img src={picture.url} alt="" width="320" height="200" loading="lazy" />
                <span className="site-picture__name">{picture.alt || 'A picture without a description'}</span>
              </label>
            ))}
          </div>
        </Field>
        <AreaField
          name="imageAlt"
          label="Picture description"
          rows={2}
          values={values}
          errors={errors}
          required
          hint="For people who cannot see it."
        />
        {t('metaTitle', 'Search title', 'Shown as the link in search results; under 70 characters.')}
        <AreaField name="metaDescription" label="Search description" rows={2} values={values} errors={errors} required />
        <AreaField name="keywords" label="Keywords" rows={2} values={values} errors={errors} hint="Separated by commas." />
      </SiteForm>
    </section>
  );
}
