import { type AreasPicture, svgLabelPlacement } from '../../map/picture';
import { mapColours, townDot } from '../../map/theme';

/**
 * Everything inside the static service-area picture: sea, land and coastline, the shaded service
 * area and the 12 towns, all projected exactly as the live map projects them at its starting
 * view. Rendered once at build time (scripts/build/server-markup-entry.tsx); the Worker sends
 * that markup inside <AreasPicture>.
 */
export function AreasPictureShapes({ picture }: { picture: AreasPicture }) {
  return (
    <>
      <path d={picture.land} fill={mapColours.land} stroke={mapColours.coastline} strokeLinejoin="round" />
      {picture.water && <path d={picture.water} fill={mapColours.sea} stroke={mapColours.coastline} strokeLinejoin="round" />}
      <polygon
        points={picture.serviceArea}
        fill={mapColours.area}
        fillOpacity={mapColours.areaOpacity}
        stroke={mapColours.areaEdge}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <g fill={mapColours.town} stroke={mapColours.townEdge} strokeWidth={townDot.edge}>
        {picture.towns.map((town) => (
          <circle key={town.name} cx={town.x} cy={town.y} r={townDot.radius} />
        ))}
      </g>
      <g className="areas-map__town-labels">
        {picture.towns.map((town) => {
          const place = svgLabelPlacement(town);
          return (
            <text key={town.name} x={place.x} y={place.y} textAnchor={place.textAnchor} dominantBaseline={place.baseline}>
              {town.name}
            </text>
          );
        })}
      </g>
    </>
  );
}
