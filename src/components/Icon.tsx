import type { IconName } from '../content/types';
import { lucideMarkup } from '../generated/server-markup';

/** Drawn by hand in lucide's style (lucide has no brand icons). */
const INSTAGRAM =
  '<rect x="2" y="2" width="20" height="20" rx="5"></rect><circle cx="12" cy="12" r="4"></circle><circle cx="17.5" cy="6.5" r="0.5" fill="currentColor"></circle>';
const X_LOGO =
  '<path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.36 5.77L17.75 3Zm-1.08 16.18h1.7L7.4 4.73H5.58l11.09 14.45Z"></path>';

/** Stroked 24 x 24 shapes, lucide's style; the X logo is the one filled icon. */
const stroked = { ...lucideMarkup, instagram: INSTAGRAM } satisfies Record<Exclude<IconName, 'x'>, string>;

/** The sizes base.css draws an icon at (`.icon` is 24 px; `.icon--N` is N px square). */
export type IconSize = 14 | 16 | 18 | 20 | 22 | 24 | 28;

/**
 * A decorative icon (hidden from assistive technology; label the control around it). lucide's
 * shapes are rendered at build time (scripts/build/server-markup-entry.tsx): drawn on the server
 * only, they cost bytes of HTML, never JavaScript, and no per-request React work. Their stroke
 * (lucide's: none filled, 2 wide, round ends) and their size are rules of base.css (`.icon`,
 * `.icon--N`), not attributes: React's renderer encodes every attribute's name and value on its
 * own, and a page's dozens of icons carried seven each.
 */
export function Icon({ name, size = 24, className }: { name: IconName; size?: IconSize; className?: string }) {
  const kind = `${name === 'x' ? 'icon icon--filled' : 'icon'}${size === 24 ? '' : ` icon--${size}`}`;
  return (
    <svg
      aria-hidden="true"
      className={className ? `${kind} ${className}` : kind}
      viewBox="0 0 24 24"
      // Our own build's markup and the constants above: no visitor input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup rendered at build time
      dangerouslySetInnerHTML={{ __html: name === 'x' ? X_LOGO : stroked[name] }}
    />
  );
}
