import { regionTowns, townField } from '../../content/region-towns';
import type { Town } from '../../content/types';
import { insidePolygon } from '../../map/geometry';
import { isCleanText } from '../../rules/text';
import type { FieldErrors } from '../../rules/validation';
import type { SiteContent } from '../../site-content/model';
import { townSchema, validateWith } from '../../site-content/rules';
import { type Form, type FormResult, field } from './forms';

/**
 * The areas form: places and postcode districts as text, the towns on the map ticked from the
 * region's towns (src/content/region-towns.ts; a town already on the map keeps its position),
 * and the shaded area's corners. A ticked town must lie inside the shaded area.
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
  const outline: [number, number][] = [];
  for (const line of lines(field(form, 'outline'))) {
    const [lat = '', lng = ''] = line.split('|').map((part) => part.trim());
    const result = validateWith(townSchema, { name: 'corner', lat, lng });
    if (!result.ok) {
      errors.outline = 'Write each corner as "latitude | longitude", like "50.68 | -2.06".';
      break;
    }
    outline.push([result.data.lng, result.data.lat]);
  }
  if (!errors.outline && (outline.length < 3 || outline.length > 30))
    errors.outline = 'The shaded area needs from 3 to 30 corners.';
  const towns = townChoices(content).filter((town) => form[townField(town.name)] === 'on');
  const outside = errors.outline ? [] : towns.filter((town) => !insidePolygon([town.lng, town.lat], outline));
  if (outside.length > 0)
    errors.towns = `${outside.map((t) => t.name).join(', ')} ${outside.length === 1 ? 'is' : 'are'} outside the shaded area: untick ${outside.length === 1 ? 'it' : 'them'}, or widen the area first.`;
  else if (towns.length > 30) errors.towns = 'At most 30 towns on the map: it gets too crowded to read.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, content: { ...content, areas: { places, towns, districts, outline } }, summary: 'Areas' };
}
