import { type AreasPicture as Picture, svgLabelPlacement } from '../../map/picture';
import { mapColours, townDot } from '../../map/theme';

/**
 * The static service-area picture: sea, land and coastline, the shaded service area and the
 * 12 towns, all projected exactly as the live map projects them at its starting view. Shown
 * to everyone first, and for good without JavaScript or WebGL. The sea is the frame's
 * background, so the picture may show beyond its viewBox in a wide box.
 */
export function AreasPicture({ picture, label }: { picture: Picture; label: string }) {
  return (
    <svg
      className="areas-map__picture"
      viewBox={picture.viewBox}
      preserveAspectRatio="xMidYMid meet"
      role="img"
      aria-label={label}
    >
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
    </svg>
  );
}
