/** Public-order mode: the routes of an outside customer's public order link (spec 1 §2). */

export const PUBLIC_ROUTE_NAMES = [
  'publicOrder',
  'AvailablePublicOrderList',
  'CheckPublicOrderAuth',
  'PublicOrderProfile',
] as const;

export const PUBLIC_ROUTE_PATHS = [
  '/publicOrder',
  '/availablePublicOrderList',
  '/publicOrderAuth',
  '/publicOrderProfile',
] as const;

export type PublicRouteName = (typeof PUBLIC_ROUTE_NAMES)[number];
export type PublicRoutePath = (typeof PUBLIC_ROUTE_PATHS)[number];

export const SIGN_IN_PATH = '/authorization';
export const PUBLIC_SIGN_IN_PATH = '/publicOrderAuth';

// The router matches paths case-insensitively, so public mode must too, or '/publicorder'
// would open the public screen in staff mode.
const PUBLIC_PATHS = new Set<string>(PUBLIC_ROUTE_PATHS.map((path) => path.toLowerCase()));
const PUBLIC_NAMES = new Set<string>(PUBLIC_ROUTE_NAMES);

/** The route path alone: no leading '#', query or trailing slash ('#/publicOrder/?id=1' → '/publicOrder'). */
export function routePath(path: string): string {
  let bare = path.trim().replace(/^#/, '').replace(/[?#].*$/, '');
  if (!bare.startsWith('/')) bare = `/${bare}`;
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

export interface RouteRef {
  name?: string | null;
  path?: string | null;
}

/** True when the route's name or its path is one of the public-order routes. */
export function isPublicMode(route: RouteRef): boolean {
  if (route.name && PUBLIC_NAMES.has(route.name)) return true;
  return typeof route.path === 'string' && PUBLIC_PATHS.has(routePath(route.path).toLowerCase());
}

/** Where a failed or missing sign-in leads from this path: the public sign-in in public mode. */
export function signInPathFor(path: string): string {
  return isPublicMode({ path }) ? PUBLIC_SIGN_IN_PATH : SIGN_IN_PATH;
}
