import type { serviceAreas } from './areas';

export type ServiceArea = (typeof serviceAreas)[number];

/**
 * The postcode districts (a postcode's part before the space: 'BH6' of 'BH6 3AA') that each of
 * the 15 areas lies in. The quote form's address is checked against these: a postcode in none of
 * them is still accepted, and flagged for the owner (`checkServiceArea`).
 *
 * Bournemouth is BH1-BH11 and Poole BH12-BH18 (BH18 is Broadstone, part of Poole). The New Forest
 * districts are those inside the areas map's polygon (`servicePolygon`): SO40 Ashurst and
 * Cadnam, SO41 Lymington and Milford, SO42 Brockenhurst, SO43 Lyndhurst, BH25 New Milton;
 * SO45 (Hythe, Fawley) and SP6 (Fordingbridge) lie beyond it and are left out on purpose.
 */
export const postcodeDistricts = {
  Southbourne: ['BH6'],
  Christchurch: ['BH23'],
  Bournemouth: ['BH1', 'BH2', 'BH3', 'BH4', 'BH5', 'BH6', 'BH7', 'BH8', 'BH9', 'BH10', 'BH11'],
  Poole: ['BH12', 'BH13', 'BH14', 'BH15', 'BH16', 'BH17', 'BH18'],
  Ringwood: ['BH24'],
  Ferndown: ['BH22'],
  Wimborne: ['BH21'],
  'New Forest': ['SO40', 'SO41', 'SO42', 'SO43', 'BH25'],
  'New Milton': ['BH25'],
  Highcliffe: ['BH23'],
  Hinton: ['BH23'],
  Lymington: ['SO41'],
  Brockenhurst: ['SO42'],
  'Milford on Sea': ['SO41'],
  Lyndhurst: ['SO43'],
} as const satisfies Record<ServiceArea, readonly string[]>;

/** Every district served, once. */
export const servedDistricts: ReadonlySet<string> = new Set(Object.values(postcodeDistricts).flat());
