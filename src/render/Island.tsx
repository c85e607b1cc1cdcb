import { type ComponentType, createContext, useContext } from 'react';
import type { IslandName } from '../../client/islands/registry';

/** The islands rendered so far in this response; filled while React renders. */
export const IslandsContext = createContext<Set<IslandName> | null>(null);

/**
 * Renders an island's component on the server inside a marker element that carries its name
 * and JSON props; client/main.ts hydrates it in the browser. Props must survive JSON.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  useContext(IslandsContext)?.add(name);
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
