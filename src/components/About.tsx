import { aboutText, sellingPointsFor } from '../content/selling-points';
import { useSite } from '../site-content/context';
import { Icon } from './Icon';
import { KeptPerRevision } from './KeptPerRevision';

/** The home page's About section: who we are (Southbourne based) and four selling points. */
export function About() {
  const site = useSite();
  return (
    <section id="about" className="section about" aria-labelledby="about-heading">
      <KeptPerRevision id="about">
        <div className="container about__inner">
          <div className="about__text">
            <p className="eyebrow">About us</p>
            <h2 id="about-heading">Your Local Drainage Team, Based in Southbourne</h2>
            {aboutText(site).map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
          <ul className="selling-points">
            {sellingPointsFor(site.line).map((point) => (
              <li key={point.title} className="selling-point">
                <span className="selling-point__icon">
                  <Icon name={point.icon} size={24} />
                </span>
                <h3 className="selling-point__title">{point.title}</h3>
                <p className="selling-point__desc">{point.desc}</p>
              </li>
            ))}
          </ul>
        </div>
      </KeptPerRevision>
    </section>
  );
}
