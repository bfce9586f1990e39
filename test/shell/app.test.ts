import { describe, expect, it } from 'vitest';
import { startLanguage, testFlags } from '../../shell/app/bootstrap';
import { navigate, currentPath, currentSearch } from '../../shell/app/hashLocation';
import { availableNav, canonicalPath, findRoute, MAIN_NAV, ROUTES, type RouteDef } from '../../shell/app/routes';
import { notInstalledRedirect, NOT_INSTALLED_REDIRECT_ACTIVE } from '../../shell/features/status/notInstalledCheck';

describe('test flags come from the page query or the hash query', () => {
  it.each([
    ['/?test=dark#/qwe', ['dark']],
    ['/#/qwe?test=notifications', ['notifications']],
    ['/?test=dark#/qwe?test=notifications', ['dark', 'notifications']],
    ['/#/qwe', []],
  ])('%s → %j', (url, flags) => {
    window.history.replaceState(null, '', url);
    expect([...testFlags(window)].sort()).toEqual(flags);
  });
});

describe('hash location keeps the query inside the hash', () => {
  it('navigate writes #/path?query and the readers split it', () => {
    window.history.replaceState(null, '', '/');
    navigate('/addToDeal?order_id=5');
    expect(window.location.hash).toBe('#/addToDeal?order_id=5');
    expect(currentPath()).toBe('/addToDeal');
    expect(currentSearch()).toBe('order_id=5');
  });

  it('replace does not add a history entry', () => {
    navigate('/a');
    const length = window.history.length;
    navigate('/b', { replace: true });
    expect(window.history.length).toBe(length);
    expect(currentPath()).toBe('/b');
  });
});

describe('route table', () => {
  it('has the foundation screens, each lazily loaded', () => {
    for (const path of ['/authorization', '/many-accounts', '/Error_is_expired', '/Error_token_not_valid', '/Error_is_not_installed', '/qwe']) {
      expect(findRoute(path)?.screen.$$typeof, path).toBe(Symbol.for('react.lazy'));
    }
  });

  it('a main navigation entry appears only once its screen exists', () => {
    const withoutScreens = ROUTES.filter((route) => route.path !== '/orders' && route.path !== '/documents');
    expect(availableNav(withoutScreens).map((item) => item.path)).not.toContain('/orders');
    const withOrders: RouteDef[] = [...withoutScreens, { ...ROUTES[0], path: '/orders' }];
    expect(availableNav(withOrders).map((item) => item.path)).toContain('/orders');
    // Entries keep the spec's order whatever the order of the route table.
    const paths = availableNav(ROUTES).map((item) => item.path);
    expect(paths).toEqual(MAIN_NAV.map((item) => item.path).filter((path) => paths.includes(path)));
    // The documents registry exists (issue 15): its entry shows, in the spec's second place.
    expect(paths[1]).toBe('/documents');
  });
});

describe("not-installed page's redirect check", () => {
  it('is inactive, as the spec says: an installed account is not sent on', () => {
    expect(NOT_INSTALLED_REDIRECT_ACTIVE).toBe(false);
    expect(notInstalledRedirect({ install: true })).toBeNull();
  });

  it('when switched on, an installed account goes to / and others stay', () => {
    expect(notInstalledRedirect({ install: true }, true)).toBe('/');
    expect(notInstalledRedirect({ install: false }, true)).toBeNull();
  });
});

describe('start language', () => {
  it.each<[string | null, string, string, string]>([
    ['en', 'ru', 'en', "the user's saved choice beats the host's language"],
    [null, 'ru', 'ru', "with nothing saved the host's language is used"],
    [null, 'de', 'en', 'an unknown host language falls back to detection'],
  ])('saved %s, host %s → %s (%s)', (saved, host, expected) => {
    expect(startLanguage(saved, host)).toBe(expected);
  });
});

describe('canonical paths for the guard', () => {
  it.each([
    ['/authorization', '/authorization'],
    ['/Authorization/', '/authorization'],
    ['/publicorder', '/publicOrder'],
    ['/MANY-ACCOUNTS', '/many-accounts'],
    ['/unknown/', '/unknown'],
    ['/', '/'],
  ])('%s → %s', (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });
});
