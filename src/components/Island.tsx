import { type ComponentType, createContext, useContext } from 'react';
import type { IslandName } from '../../client/island-names';

/** The islands rendered so far in this response; filled while React renders. */
export const IslandsContext = createContext<Set<IslandName> | null>(null);

/**
 * Renders an island's component on the server inside a marker element that carries its name
 * and JSON props; client/main.ts hydrates it in the browser. Props must survive JSON.
 * `start`: when client/lazy.ts loads the islands' code: 'near' (the default) once the island is
 * near the screen and the browser is idle; 'interaction' only when the visitor first touches,
 * focuses or types in it (a form: its server HTML works alone, and what was typed or picked
 * before the code arrived is carried over), so a form on the first screen costs no script.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  start = 'near',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  start?: 'near' | 'interaction';
}) {
  useContext(IslandsContext)?.add(name);
  return (
    <div
      className="island"
      data-island={name}
      data-start={start === 'interaction' ? start : undefined}
      data-props={JSON.stringify(props)}
    >
      <Component {...props} />
    </div>
  );
}
