import { lucideMarkup } from '../generated/server-markup';

const OUT_OF = 5;
/** lucide's star is 24 units wide; the row puts 3 units between stars (base size 18 px: about 2 px). */
const STEP = 27;

/** The row's shapes (whole numbers from the content; nothing a visitor sent). */
const rowMarkup = (rating: number) =>
  Array.from(
    { length: OUT_OF },
    (_, i) =>
      `<g class="${i < rating ? 'stars__on' : 'stars__off'}" transform="translate(${i * STEP} 0)">${lucideMarkup.star}</g>`,
  ).join('');

/**
 * A row of filled rating stars, read out as one phrase. One picture, not five icons: a page of
 * reviews carries a row per review, and each element is the renderer's work.
 */
export function Stars({ rating }: { rating: number }) {
  const whole = Math.max(0, Math.min(OUT_OF, Math.round(rating)));
  return (
    <svg
      className="icon stars"
      role="img"
      aria-label={`Rated ${rating} out of ${OUT_OF}`}
      viewBox={`0 0 ${STEP * OUT_OF - 3} 24`}
      // Our own build's markup and whole numbers: no visitor input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered at build time
      dangerouslySetInnerHTML={{ __html: rowMarkup(whole) }}
    />
  );
}
