import { byLine } from '../content/line-wording';
import { useContent } from '../site-content/context';
import { AreasMapBlock } from './AreasMapBlock';
import { Icon } from './Icon';
import { KeptPerRevision } from './KeptPerRevision';
import { PostcodeCheckForm } from './PostcodeCheckForm';
import { SectionHeader } from './SectionHeader';

/** docs/spec.md §2 'Areas-served section': the 12 towns, "Do we cover you?" and the service-area map. */
export function AreasSection({ service }: { service?: string }) {
  const { site, areas } = useContent();
  return (
    <section className="section areas-section" aria-labelledby="areas-heading">
      <KeptPerRevision id={`areas-section ${service ?? ''}`}>
        <div className="container">
          <SectionHeader id="areas-heading" title="Areas We Serve">
            {`Based in Southbourne, our engineers cover ${site.serviceAreaSummary}${byLine(site.line, ', 24 hours a day', '')}.`}
          </SectionHeader>
          <div className="areas-section__body">
            <div className="areas-section__side">
              <ul className="town-list" aria-label="Towns we cover">
                {areas.towns.map((town) => (
                  <li key={town.name}>
                    <Icon name="map-pin" size={18} />
                    {town.name}
                  </li>
                ))}
              </ul>
              <PostcodeCheckForm service={service} />
            </div>
            <div className="areas-section__map">
              <AreasMapBlock />
            </div>
          </div>
        </div>
      </KeptPerRevision>
    </section>
  );
}
