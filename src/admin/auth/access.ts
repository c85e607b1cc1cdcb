import type { Hono } from 'hono';
import type { Role } from '../../db/schema';

/**
 * Who may reach an admin route, declared by its route group beside its routes (the way
 * a `*.caching.ts` file declares caching), and read by the guard (`adminGuard`)
 * and the admin's body limit (`adminBodyLimit`) for every request:
 *
 * - `open`: anyone, signed in or not (signing in, an invitation's link, the web manifest);
 * - `engineer`: anyone signed in, engineers too (their schedule, their own devices, a lead's page,
 *   whose handler shows an engineer only the jobs assigned to them);
 * - `staff`: office staff or owner (engineers get a 403 in words);
 * - `owner`: the owner only (office staff and engineers get a 403 in words).
 *
 * A group may name routes that differ from the rest (`except`), and the POST routes that take
 * picture files (`uploads`: the upload body limit instead of 64 KB). A route whose group declares
 * nothing is refused to everyone, the owner too: adding a route cannot open it by forgetting.
 */
export type Who = 'open' | 'engineer' | 'staff' | 'owner';

export interface AccessDeclaration {
  /** Who may reach the group's routes. */
  who: Who;
  /** Routes of the group (their paths as the group writes them) that someone else may reach. */
  except?: Readonly<Record<string, Who>>;
  /** The group's POST routes that take picture files. */
  uploads?: readonly string[];
}

/** What the declarations say about one path: who may reach it (undefined: nobody), and whether a POST there is an upload. */
export interface PathAccess {
  who: Who | undefined;
  upload: boolean;
}

interface Rule {
  pattern: RegExp;
  who: Who;
  upload: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a group of any environment may declare its access
type RouteGroup = Hono<any, any, any>;

const declarations = new Map<RouteGroup, AccessDeclaration>();
let rules: Rule[] | undefined;

/** Declares who may reach every route of `group` (see above). Returns the group, for `export const x = declareAccess(...)`. */
export function declareAccess<G extends RouteGroup>(group: G, declaration: AccessDeclaration): G {
  declarations.set(group, declaration);
  rules = undefined;
  return group;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Hono route path ('/admin/leads/:id{[0-9]+}/notes') as a regular expression over request paths. */
export function routePattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === '*') return '.*';
    const param = /^:[A-Za-z_]\w*(?:\{(.+)\})?$/.exec(segment);
    if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
    return escapeRegExp(segment);
  });
  return new RegExp(`^${segments.join('/')}$`);
}

function rulesOf(group: RouteGroup, declaration: AccessDeclaration): Rule[] {
  // Middleware a group registers ('*') is not a route: it declares nothing.
  const paths = new Set(group.routes.filter((route) => route.method !== 'ALL').map((route) => route.path));
  for (const path of [...Object.keys(declaration.except ?? {}), ...(declaration.uploads ?? [])]) {
    if (!paths.has(path)) throw new Error(`An access declaration names ${path}, which is not a route of its group`);
  }
  return [...paths].map((path) => ({
    pattern: routePattern(path),
    who: declaration.except?.[path] ?? declaration.who,
    upload: declaration.uploads?.includes(path) ?? false,
  }));
}

const STRICTNESS: Record<Who, number> = { open: 0, engineer: 1, staff: 2, owner: 3 };

/**
 * The declarations' word on a path. Where routes of different declarations match one path
 * ('/admin/leads/:id' and '/admin/leads/person'), the strictest wins.
 */
export function accessOf(method: string, path: string): PathAccess {
  rules ??= [...declarations].flatMap(([group, declaration]) => rulesOf(group, declaration));
  let who: Who | undefined;
  let upload = false;
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    if (who === undefined || STRICTNESS[rule.who] > STRICTNESS[who]) who = rule.who;
    upload ||= rule.upload && method === 'POST';
  }
  return { who, upload };
}

/** May someone signed in with this role reach a route declared for `who`? */
export const roleMay = (role: Role, who: Who): boolean =>
  who === 'open' || who === 'engineer' || (who === 'staff' ? role !== 'engineer' : role === 'owner');

/** May someone with this role open this path? (Pages use it to offer only what the person may do.) */
export const mayOpen = (role: Role, path: string) => {
  const { who } = accessOf('GET', path);
  return who !== undefined && roleMay(role, who);
};
