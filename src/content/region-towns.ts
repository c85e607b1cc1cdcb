import type { Town } from './types';

/**
 * The towns and villages of the region the map shows, with their main postcode district and
 * approximate centre (WGS84, about 100 m): what the owner picks from to put a town on the areas
 * map or to place the business, so nobody types a latitude. Some lie beyond the default shaded
 * area (Fordingbridge, Wareham, Totton ...): picking one asks the owner to widen the area first.
 */
export const regionTowns: readonly (Town & { district: string })[] = [
  { name: 'Ashurst', district: 'SO40', lat: 50.889, lng: -1.5264 },
  { name: 'Barton on Sea', district: 'BH25', lat: 50.743, lng: -1.643 },
  { name: 'Beaulieu', district: 'SO42', lat: 50.8163, lng: -1.4521 },
  { name: 'Boscombe', district: 'BH5', lat: 50.7243, lng: -1.84 },
  { name: 'Bournemouth', district: 'BH1', lat: 50.7192, lng: -1.8808 },
  { name: 'Bransgore', district: 'BH23', lat: 50.7759, lng: -1.7346 },
  { name: 'Broadstone', district: 'BH18', lat: 50.7586, lng: -1.9949 },
  { name: 'Brockenhurst', district: 'SO42', lat: 50.8178, lng: -1.5737 },
  { name: 'Burley', district: 'BH24', lat: 50.8279, lng: -1.7005 },
  { name: 'Burton', district: 'BH23', lat: 50.7537, lng: -1.7683 },
  { name: 'Cadnam', district: 'SO40', lat: 50.9217, lng: -1.5788 },
  { name: 'Canford Heath', district: 'BH17', lat: 50.75, lng: -1.96 },
  { name: 'Christchurch', district: 'BH23', lat: 50.7357, lng: -1.7783 },
  { name: 'Colehill', district: 'BH21', lat: 50.8052, lng: -1.9556 },
  { name: 'Corfe Mullen', district: 'BH21', lat: 50.7742, lng: -2.0165 },
  { name: 'Ferndown', district: 'BH22', lat: 50.8072, lng: -1.8997 },
  { name: 'Fordingbridge', district: 'SP6', lat: 50.928, lng: -1.791 },
  { name: 'Hamworthy', district: 'BH15', lat: 50.717, lng: -2.0079 },
  { name: 'Highcliffe', district: 'BH23', lat: 50.7385, lng: -1.7068 },
  { name: 'Hinton', district: 'BH23', lat: 50.77, lng: -1.695 },
  { name: 'Kinson', district: 'BH11', lat: 50.7726, lng: -1.9009 },
  { name: 'Lymington', district: 'SO41', lat: 50.7582, lng: -1.5418 },
  { name: 'Lyndhurst', district: 'SO43', lat: 50.8722, lng: -1.5748 },
  { name: 'Milford on Sea', district: 'SO41', lat: 50.7253, lng: -1.5907 },
  { name: 'Mudeford', district: 'BH23', lat: 50.7297, lng: -1.7398 },
  { name: 'New Milton', district: 'BH25', lat: 50.7556, lng: -1.6581 },
  { name: 'Parkstone', district: 'BH14', lat: 50.7236, lng: -1.9468 },
  { name: 'Poole', district: 'BH15', lat: 50.715, lng: -1.9872 },
  { name: 'Ringwood', district: 'BH24', lat: 50.8456, lng: -1.7887 },
  { name: 'Sandbanks', district: 'BH13', lat: 50.6833, lng: -1.9466 },
  { name: 'Southbourne', district: 'BH6', lat: 50.7221, lng: -1.7985 },
  { name: 'St Leonards', district: 'BH24', lat: 50.8316, lng: -1.8346 },
  { name: 'Sway', district: 'SO41', lat: 50.7851, lng: -1.6043 },
  { name: 'Totton', district: 'SO40', lat: 50.918, lng: -1.49 },
  { name: 'Verwood', district: 'BH31', lat: 50.8815, lng: -1.8785 },
  { name: 'Wareham', district: 'BH20', lat: 50.686, lng: -2.11 },
  { name: 'West Moors', district: 'BH22', lat: 50.828, lng: -1.887 },
  { name: 'Westbourne', district: 'BH4', lat: 50.7226, lng: -1.9021 },
  { name: 'Wimborne', district: 'BH21', lat: 50.7998, lng: -1.9876 },
];

/** [west, south, east, north]: the region the map can show (scripts/make-region-geojson.mjs). */
const REGION_BOX = [-2.75, 50.45, -0.75, 51.1] as const;

export const inRegionBox = ({ lat, lng }: { lat: number; lng: number }) =>
  lng >= REGION_BOX[0] && lat >= REGION_BOX[1] && lng <= REGION_BOX[2] && lat <= REGION_BOX[3];

/** A form field's name for a town: 'town-milford-on-sea'. */
export const townField = (name: string) => `town-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
