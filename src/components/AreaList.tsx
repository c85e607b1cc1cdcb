import { useContent } from '../site-content/context';
import { SectionHeader } from './SectionHeader';

/** The 15 service areas, as on the footer, for the service pages. */
export function AreaList({ serviceTitle }: { serviceTitle: string }) {
  const { areas, site } = useContent();
  return (
    <section className="section section--alt area-list" aria-labelledby="area-list-heading">
      <div className="container">
        <SectionHeader id="area-list-heading" title={`${serviceTitle} Near You`}>
          {`We cover every one of these areas, with local engineers on call ${site.line.when}.`}
        </SectionHeader>
        <ul className="chip-list">
          {areas.places.map((area) => (
            <li key={area}>{area}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
