import { Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { t } from '../../src/i18n';
import { NotificationArea } from '../../src/ui/NotificationArea';
import { AppFrame } from './AppFrame';
import { DemoNotifications } from './DemoNotifications';
import { useAppLocation } from './hashLocation';
import { NotFoundScreen } from './NotFoundScreen';
import { PublicFrame } from './PublicFrame';
import { RouteGuard, ShellLoading } from './RouteGuard';
import { ROUTES } from './routes';

const BARE_ROUTES = ROUTES.filter((route) => route.layout === 'bare');
const APP_ROUTES = ROUTES.filter((route) => route.layout === 'app');
const PUBLIC_ROUTES = ROUTES.filter((route) => route.layout === 'public');

export interface AppProps {
  /** ?test=notifications: show the button that plays four sample notifications. */
  demoNotifications?: boolean;
}

/** The shell: a notification area plus the routed view. */
export function App({ demoNotifications = false }: AppProps) {
  return (
    <Router hook={useAppLocation}>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link; the click keeps the URL (the route lives in its hash) and moves focus itself. */}
      <a className="shell-skip" href="#main" onClick={(event) => { event.preventDefault(); document.getElementById('main')?.focus(); }}>
        {t('app.skipToContent')}
      </a>
      <NotificationArea />
      {demoNotifications && <DemoNotifications />}
      <RouteGuard>
        <Switch>
          {BARE_ROUTES.map(({ path, screen: Screen }) => (
            <Route key={path} path={path}>
              <main id="main" tabIndex={-1} className="shell-bare">
                <Suspense fallback={<ShellLoading />}>
                  <Screen />
                </Suspense>
              </main>
            </Route>
          ))}
          {PUBLIC_ROUTES.map(({ path, screen: Screen }) => (
            <Route key={path} path={path}>
              <PublicFrame>
                <Suspense fallback={<ShellLoading />}>
                  <Screen />
                </Suspense>
              </PublicFrame>
            </Route>
          ))}
          <Route>
            {/* One frame for all staff screens: it stays mounted (and keeps focus and state) across their navigation. */}
            <AppFrame>
              <Suspense fallback={<ShellLoading />}>
                <Switch>
                  {APP_ROUTES.map(({ path, screen: Screen }) => (
                    <Route key={path} path={path}>
                      <Screen />
                    </Route>
                  ))}
                  <Route>
                    <NotFoundScreen />
                  </Route>
                </Switch>
              </Suspense>
            </AppFrame>
          </Route>
        </Switch>
      </RouteGuard>
    </Router>
  );
}
