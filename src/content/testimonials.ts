import type { Testimonial } from './types';

/** The three home-page reviews (docs/spec.md §2 Home, 'Verified on Google'). Fictional customers. */
export const testimonials = [
  {
    name: 'Sarah M.',
    location: 'Southbourne',
    rating: 5,
    text: 'Our kitchen drain backed up on a Sunday evening and the engineer was at the door within the hour. He jetted the whole run, showed us the camera footage and explained exactly what had caused it. Friendly, tidy and the price was agreed before he started.',
    initials: 'SM',
  },
  {
    name: 'James T.',
    location: 'Christchurch',
    rating: 5,
    text: 'We booked a CCTV survey before buying a 1930s semi and it found a cracked pipe under the drive. The report was clear enough to take straight to the seller, and the relining was done in a morning without lifting a single block.',
    initials: 'JT',
  },
  {
    name: 'Helen R.',
    location: 'Lymington',
    rating: 5,
    text: 'Tree roots kept blocking the drain at our holiday let, always on changeover day. They cut the roots out, relined the damaged section and it has been trouble-free ever since. Reliable, honest and easy to deal with.',
    initials: 'HR',
  },
] as const satisfies readonly Testimonial[];
