import { MONTH_NAMES } from '../rules/uk-time';
import { useContent } from '../site-content/context';
import { buttonClass } from './button';
import { Icon } from './Icon';
import { KeptPerRevision } from './KeptPerRevision';
import { SectionHeader } from './SectionHeader';
import { Stars } from './Stars';

/**
 * '2026-11-01' -> 'November 2026' (a review's date is checked as YYYY-MM-DD when saved). By hand:
 * toLocaleDateString with options builds a new date formatter on every call, about 0.2 ms each.
 */
const monthOf = (date: string) => `${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** 'Sarah M.' -> 'SM': the avatar's letters. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, '').charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** The home-page reviews and the link to all our Google reviews (opens a new tab). */
export function Testimonials() {
  const { site, testimonials } = useContent();
  return (
    <section className="section section--alt" aria-labelledby="reviews-heading">
      <KeptPerRevision id="testimonials">
        <div className="container">
          <SectionHeader id="reviews-heading" title="What Our Customers Say">
            {`Rated ${site.rating.value}/${site.rating.best} by ${site.rating.count}+ happy customers across BCP and the New Forest.`}
          </SectionHeader>
          <ul className="testimonials">
            {testimonials.map((review) => (
              <li key={`${review.name} ${review.date}`}>
                <figure className="testimonial">
                  <div className="testimonial__top">
                    <Stars rating={review.rating} />
                    {review.source === 'google' &&
                      (review.link ? (
                        <a className="testimonial__verified" href={review.link} rel="noopener" target="_blank">
                          <Icon name="check" size={14} /> Verified on Google
                        </a>
                      ) : (
                        <span className="testimonial__verified">
                          <Icon name="check" size={14} /> Verified on Google
                        </span>
                      ))}
                  </div>
                  <blockquote className="testimonial__text">
                    <p>{review.text}</p>
                  </blockquote>
                  <figcaption className="testimonial__author">
                    <span className="avatar" aria-hidden="true">
                      {initialsOf(review.name)}
                    </span>
                    <span>
                      <span className="testimonial__name">{review.name}</span>
                      <span className="testimonial__location">
                        {review.location}
                        {review.date && `, ${monthOf(review.date)}`}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="section__more">
            <a className={buttonClass('outline', 'lg')} href={site.reviewsUrl} target="_blank" rel="noopener">
              Read All Our Google Reviews <Icon name="arrow-right" size={18} />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      </KeptPerRevision>
    </section>
  );
}
