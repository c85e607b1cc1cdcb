/** STUB (replaced by the map work): the service-area map picture, at least 450px tall. */
export function AreasMapBlock() {
  return <div className="areas-map" />;
}
