import { Icon } from './Icon';

/** A row of filled rating stars, read out as one phrase. */
export function Stars({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of ${outOf}`}>
      {Array.from({ length: outOf }, (_, i) => (
        <Icon key={i} name="star" size={18} className={i < rating ? 'stars__on' : 'stars__off'} />
      ))}
    </span>
  );
}
