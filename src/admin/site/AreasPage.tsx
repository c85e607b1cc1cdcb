import AreaShape, { type AreaChoice } from '../../../client/admin/islands/AreaShape';
import { Island } from '../../components/Island';
import { regionTowns, townField } from '../../content/region-towns';
import type { LngLat, Town } from '../../content/types';
import { manifest } from '../../generated/manifest';
import { regionBounds } from '../../generated/server-markup';
import { AreaField, type FormPageProps, Saved, SiteForm } from './parts';
import { Heading } from './SiteIndexPage';

/** The area choice the form shows: what was posted when it came back, else keep. */
const choiceShown = (values: Record<string, string>): AreaChoice =>
  values.area === 'towns' || values.area === 'drawn' ? values.area : 'keep';

/** Corners posted by the map ("lat | lng" lines) back as [lng, lat], the readable ones only. */
const cornersOf = (text: string): LngLat[] =>
  text
    .split('\n')
    .map((line) => line.split('|').map((part) => Number(part.trim())))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isFinite))
    .slice(0, 30)
    .map(([lat, lng]) => [lng, lat]);

const districtOf = (name: string) => regionTowns.find((t) => t.name === name)?.district;

/** Where the business works: places, the map's towns ticked from the region's, postcode districts, the shaded area. */
export function AreasPage({
  csrf,
  revision,
  values,
  errors,
  saved,
  towns,
  outline,
}: FormPageProps & { towns: readonly Town[]; outline: LngLat[] }) {
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
        <Island
          name="AreaShape"
          component={AreaShape}
          props={{
            choice: choiceShown(values),
            current: outline,
            drawn: choiceShown(values) === 'drawn' ? cornersOf(values.outline ?? '') : [],
            towns: towns.map((town) => ({ ...town, field: townField(town.name) })),
            named: towns.filter((town) => values[townField(town.name)] === 'on'),
            assets: manifest.map,
            bounds: regionBounds,
            error: errors.outline,
          }}
        />
      </SiteForm>
    </section>
  );
}
