import { createContext } from 'react';

export interface MapConfig {
  /** A full maplibre style URL (the MAP_STYLE_URL var); empty for the self-contained basemap. */
  styleUrl: string;
}

/**
 * Per-request map settings for <AreasMapBlock>, which pages render without props. The render
 * step provides it from the Worker's env; without a provider the self-contained basemap is used.
 */
export const MapConfigContext = createContext<MapConfig>({ styleUrl: '' });
