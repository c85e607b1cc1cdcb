import { inRegionBox, regionTowns, townField } from '../../content/region-towns';
import type { LngLat, Town } from '../../content/types';
import { areaAround } from '../../map/area-shape';
import { insidePolygon } from '../../map/geometry';
import { isCleanText } from '../../rules/text';
import type { FieldErrors } from '../../rules/validation';
import type { SiteContent } from '../../site-content/model';
import { townSchema, validateWith } from '../../site-content/rules';
import { type Form, type FormResult, field } from './forms';

/**
 * The areas form: places and postcode districts as text, the towns on the map ticked from the
 * region's towns (`regionTowns`; a town already on the map keeps its position),
 * and the shaded area: kept as it is, shaded around the towns ticked (a padded hull, no JavaScript
 * needed), or as tapped on the map (the AreaShape island posts its corners). A ticked town must
 * lie inside the shaded area.
 */

/** The towns the owner can tick: those on the map now, then the region's others, by name. */
export function townChoices(content: SiteContent): Town[] {
  const now = content.areas.towns;
  const others = regionTowns.filter((town) => !now.some((t) => t.name === town.name));
  return [...now, ...others.map(({ name, lat, lng }) => ({ name, lat, lng }))].sort((a, b) => a.name.localeCompare(b.name));
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function readAreas(content: SiteContent, form: Form): FormResult {
  const errors: FieldErrors = {};
  const placesText = field(form, 'places');
  const places = lines(placesText);
  // The same clean-text rule as every other field: no control characters reach the public pages.
  if (!isCleanText(placesText.replace(/\r?\n/g, ' '))) errors.places = 'Please remove the unusual characters from the places.';
  else if (places.length === 0) errors.places = 'Keep at least one place: the pages list where you work.';
  else if (places.some((place) => place.length > 60) || places.length > 60)
    errors.places = 'At most 60 places, each under 60 characters.';
  const districts = [
    ...new Set(
      field(form, 'districts')
        .toUpperCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ];
  if (districts.length === 0) errors.districts = 'Keep at least one postcode district, like BH6.';
  else if (districts.length > 100 || districts.some((d) => !/^[A-Z]{1,2}\d[A-Z\d]?$/.test(d)))
    errors.districts = 'Postcode districts only, like BH6 or SO41, separated by spaces.';
  const towns = townChoices(content).filter((town) => form[townField(town.name)] === 'on');
  const area = readOutline(content, form, towns);
  if ('error' in area) errors.outline = area.error;
  const outline = 'error' in area ? [] : area.outline;
  const outside = errors.outline ? [] : towns.filter((town) => !insidePolygon([town.lng, town.lat], outline));
  if (outside.length > 0)
    errors.towns = `${outside.map((t) => t.name).join(', ')} ${outside.length === 1 ? 'is' : 'are'} outside the shaded area: untick ${outside.length === 1 ? 'it' : 'them'}, or shade around the towns ticked.`;
  else if (towns.length > 30) errors.towns = 'At most 30 towns on the map: it gets too crowded to read.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, content: { ...content, areas: { places, towns, districts, outline } }, summary: 'Areas' };
}

/** How the owner sets the shaded area (the 'area' field): nobody types a corner. */
type AreaChoice = 'keep' | 'towns' | 'drawn';

/** The choice posted; a form with corners but no choice (an older page) means those corners. */
const choiceOf = (form: Form): AreaChoice =>
  form.area === 'towns' || form.area === 'drawn' || form.area === 'keep'
    ? form.area
    : field(form, 'outline').trim()
      ? 'drawn'
      : 'keep';

function readOutline(content: SiteContent, form: Form, towns: readonly Town[]): { outline: LngLat[] } | { error: string } {
  const choice = choiceOf(form);
  if (choice === 'keep') return { outline: [...content.areas.outline] };
  if (choice === 'towns') {
    if (towns.length === 0) return { error: 'Tick at least one town above to shade the area around it.' };
    const outline = areaAround(towns);
    return outline.length > 30
      ? { error: 'Those towns are too far apart to shade: tap the area on the map instead.' }
      : { outline };
  }
  const corners = lines(field(form, 'outline'));
  if (corners.length < 3 || corners.length > 30) return { error: 'Tap from 3 to 30 corners on the map to shade an area.' };
  const outline: LngLat[] = [];
  for (const line of corners) {
    const [lat = '', lng = ''] = line.split('|').map((part) => part.trim());
    const result = validateWith(townSchema, { name: 'corner', lat, lng });
    if (!result.ok || !inRegionBox(result.data))
      return { error: 'A corner is outside the map of this region: tap the corners inside the map, or shade around the towns.' };
    outline.push([result.data.lng, result.data.lat]);
  }
  return { outline };
}
