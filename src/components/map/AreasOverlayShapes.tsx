import { type AreasOverlay, svgLabelPlacement } from '../../map/overlay';
import { mapColours, townDot } from '../../map/theme';

/** The shaded service area and the towns of the content revision, over the picture's land. */
export function AreasOverlayShapes({ overlay }: { overlay: AreasOverlay }) {
  return (
    <>
      <polygon
        points={overlay.serviceArea}
        fill={mapColours.area}
        fillOpacity={mapColours.areaOpacity}
        stroke={mapColours.areaEdge}
        strokeWidth={2}
        strokeLinejoin="round"
      />
      <g fill={mapColours.town} stroke={mapColours.townEdge} strokeWidth={townDot.edge}>
        {overlay.towns.map((town) => (
          <circle key={town.name} cx={town.x} cy={town.y} r={townDot.radius} />
        ))}
      </g>
      <g className="areas-map__town-labels">
        {overlay.towns.map((town) => {
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
