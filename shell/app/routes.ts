import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PUBLIC_ROUTE_PATHS } from '../../src/domain/publicMode';
import type { MessageKey } from '../../src/i18n';
import { INVITATIONS_PATH } from './guardState';

/**
 * 'app' screens sit in the frame with the main navigation; 'bare' ones stand alone; 'public' ones are the
 * public-order pages an outside customer sees, in the public frame (its 'my orders' button, no staff navigation).
 */
export type RouteLayout = 'app' | 'bare' | 'public';

export interface RouteDef {
  path: string;
  /** The spec's route name (public-mode detection uses names too). */
  name: string;
  layout: RouteLayout;
  screen: LazyExoticComponent<ComponentType>;
}

/** Every screen is its own chunk, fetched on first visit. Later issues add their screens here. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/authorization', name: 'Authorization', layout: 'bare', screen: lazy(() => import('../features/auth/AuthorizationScreen')) },
  // Where a user joins an account they were invited to; the guard keeps an invitations-only sign-in here.
  { path: INVITATIONS_PATH, name: 'Invitations', layout: 'bare', screen: lazy(() => import('../features/invitations/InvitationsScreen')) },
  { path: '/many-accounts', name: 'ManyAccounts', layout: 'bare', screen: lazy(() => import('../features/status/ManyAccountsScreen')) },
  { path: '/Error_is_expired', name: 'ErrorIsExpired', layout: 'bare', screen: lazy(() => import('./ExpiredWithTariffs')) },
  { path: '/Error_token_not_valid', name: 'ErrorTokenNotValid', layout: 'bare', screen: lazy(() => import('../features/status/TokenNotValidScreen')) },
  { path: '/Error_is_not_installed', name: 'ErrorIsNotInstalled', layout: 'bare', screen: lazy(() => import('../features/status/NotInstalledScreen')) },
  { path: '/qwe', name: 'Qwe', layout: 'bare', screen: lazy(() => import('../features/gallery/GalleryScreen')) },
  { path: '/clients', name: 'Clients', layout: 'app', screen: lazy(() => import('../features/clients/ClientsScreen')) },
  { path: '/addToDeal', name: 'addToDeal', layout: 'app', screen: lazy(() => import('./DealPage')) },
  { path: '/publicOrder', name: 'publicOrder', layout: 'public', screen: lazy(() => import('./PublicOrderPage')) },
  { path: '/orders', name: 'Orders', layout: 'app', screen: lazy(() => import('./OrdersPage')) },
  { path: '/documents', name: 'Documents', layout: 'app', screen: lazy(() => import('../features/documents/RegistryScreen')) },
  { path: '/publicOrderAuth', name: 'CheckPublicOrderAuth', layout: 'public', screen: lazy(() => import('../features/publicOrder/PublicOrderAuthScreen')) },
  { path: '/availablePublicOrderList', name: 'AvailablePublicOrderList', layout: 'public', screen: lazy(() => import('../features/publicOrder/AvailablePublicOrderListScreen')) },
  { path: '/publicOrderProfile', name: 'PublicOrderProfile', layout: 'public', screen: lazy(() => import('../features/publicOrder/PublicOrderProfileScreen')) },
  { path: '/profile', name: 'Profile', layout: 'app', screen: lazy(() => import('../features/profile/ProfileScreen')) },
  { path: '/remnants', name: 'home', layout: 'app', screen: lazy(() => import('../features/stock/RemnantsScreen')) },
  { path: '/archive', name: 'archive', layout: 'app', screen: lazy(() => import('../features/archive/ArchiveScreen')) },
  { path: '/positions', name: 'positions', layout: 'app', screen: lazy(() => import('../features/positions/PositionsScreen')) },
  { path: '/objects', name: 'Objects', layout: 'app', screen: lazy(() => import('../features/facilities/FacilitiesScreen')) },
  { path: '/analytics', name: 'analytics', layout: 'app', screen: lazy(() => import('../features/analytics/AnalyticsScreen')) },
  { path: '/accountSettings', name: 'AccountSettings', layout: 'app', screen: lazy(() => import('../features/accountSettings/AccountSettingsScreen')) },
  { path: '/usersConfiguration', name: 'UsersConfiguration', layout: 'app', screen: lazy(() => import('../features/users/UsersScreen')) },
  { path: '/integrations/amocrm', name: 'IntegrationAmoCrm', layout: 'app', screen: lazy(() => import('../features/integrations/amocrm/AmoCrmScreen')) },
  { path: '/integrations/bitrix24', name: 'IntegrationBitrix24', layout: 'app', screen: lazy(() => import('../features/integrations/bitrix24/Bitrix24Screen')) },
  { path: '/deals', name: 'deals', layout: 'app', screen: lazy(() => import('../features/deals/DealsScreen')) },
  { path: '/integrations/1c', name: 'IntegrationOneC', layout: 'app', screen: lazy(() => import('../features/integrations/onec/OneCScreen')) },
];

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path === path);
}

/** The main navigation, in the spec's order; an entry shows once its route exists. */
export const MAIN_NAV: readonly { path: string; label: MessageKey }[] = [
  { path: '/orders', label: 'nav.orders' },
  { path: '/documents', label: 'nav.documents' },
  { path: '/remnants', label: 'nav.remnants' },
  { path: '/analytics', label: 'nav.analytics' },
  { path: '/archive', label: 'nav.archive' },
  { path: '/clients', label: 'nav.clients' },
  { path: '/deals', label: 'nav.deals' },
  { path: '/objects', label: 'nav.objects' },
];

export function availableNav(routes: readonly RouteDef[] = ROUTES) {
  return MAIN_NAV.filter((item) => routes.some((route) => route.path === item.path));
}

/**
 * The router matches paths ignoring case and a trailing slash; the guard compares exact paths.
 * This maps what the address says to the spelling of the route table (or of the public pages).
 */
export function canonicalPath(path: string, routes: readonly RouteDef[] = ROUTES): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const lower = trimmed.toLowerCase();
  const known = [...routes.map((route) => route.path), ...PUBLIC_ROUTE_PATHS];
  return known.find((candidate) => candidate.toLowerCase() === lower) ?? trimmed;
}
