import { regionTowns, townField } from '../../content/region-towns';
import type { Town } from '../../content/types';
import { AreaField, type FormPageProps, Saved, SiteForm } from './parts';
import { Heading } from './SiteIndexPage';

const districtOf = (name: string) => regionTowns.find((t) => t.name === name)?.district;

/** Where the business works: places, the map's towns ticked from the region's, postcode districts, the shaded area. */
export function AreasPage({ csrf, revision, values, errors, saved, towns }: FormPageProps & { towns: readonly Town[] }) {
  return (
    <section className="admin-panel admin-panel--narrow">
      <Heading
        title="Areas"
        intro="Where you work: the footer and service pages list the places; the quote form checks postcodes against the districts."
      />
      <Saved saved={saved} />
      <SiteForm action="/admin/site/areas" csrf={csrf} revision={revision} errors={errors}>
        <AreaField
          name="places"
          label="Places you cover"
          rows={10}
          values={values}
          errors={errors}
          required
          hint="One per line."
        />
        <fieldset
          className={`site-fieldset${errors.towns ? ' lead-form__field--invalid' : ''}`}
          aria-describedby={errors.towns ? 'towns-error' : 'towns-hint'}
        >
          <legend>Towns on the map</legend>
          <p className="lead-form__hint" id="towns-hint">
            Tick the towns to name on the map. Each must be inside the shaded area.
          </p>
          {errors.towns && (
            <p className="lead-form__error" id="towns-error">
              {errors.towns}
            </p>
          )}
          <div className="site-towns" id="towns">
            {towns.map((town) => (
              <label key={town.name} className="site-town">
                <input type="checkbox" name={townField(town.name)} defaultChecked={values[townField(town.name)] === 'on'} />
                <span>
                  {town.name}
                  {districtOf(town.name) && <small>{` ${districtOf(town.name)}`}</small>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <AreaField
          name="districts"
          label="Postcode districts covered"
          rows={4}
          values={values}
          errors={errors}
          required
          hint="Like BH6 BH23 SO41."
        />
        <details className="site-advanced" open={Boolean(errors.outline)}>
          <summary>The shaded area's corners (rarely changed)</summary>
          <AreaField
            name="outline"
            label="Shaded area on the map"
            rows={8}
            values={values}
            errors={errors}
            required
            hint='Its corners in order, one a line: "latitude | longitude". Ask whoever set up the site if unsure.'
          />
        </details>
      </SiteForm>
    </section>
  );
}
