import { type ComponentType, createContext, useContext } from 'react';
import type { IslandName } from '../../client/islands/registry';

export type HydrateWhen = 'load' | 'visible';

/** The islands rendered so far in this response and when each wants to start; filled while React renders. */
export const IslandsContext = createContext<Map<IslandName, HydrateWhen> | null>(null);

/**
 * Renders an island's component on the server inside a marker element that carries its name
 * and JSON props; client/main.ts hydrates it in the browser. Props must survive JSON.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  hydrate = 'load',
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** 'visible': hydrate only when the island scrolls near the viewport. */
  hydrate?: HydrateWhen;
}) {
  const used = useContext(IslandsContext);
  if (used && used.get(name) !== 'load') used.set(name, hydrate);
  return (
    <div
      className="island"
      data-island={name}
      data-props={JSON.stringify(props)}
      data-hydrate={hydrate === 'visible' ? 'visible' : undefined}
    >
      <Component {...props} />
    </div>
  );
}
