import { Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { t } from '../../src/i18n';
import { NotificationArea } from '../../src/ui/NotificationArea';
import { AppFrame } from './AppFrame';
import { DemoNotifications } from './DemoNotifications';
import { useAppLocation } from './hashLocation';
import { NotFoundScreen } from './NotFoundScreen';
import { RouteGuard, ShellLoading } from './RouteGuard';
import { ROUTES } from './routes';

export interface AppProps {
  /** ?test=notifications: show the button that plays four sample notifications. */
  demoNotifications?: boolean;
}

/** The shell: a notification area plus the routed view. */
export function App({ demoNotifications = false }: AppProps) {
  return (
    <Router hook={useAppLocation}>
      <a className="shell-skip" href="#main" onClick={(event) => { event.preventDefault(); document.getElementById('main')?.focus(); }}>
        {t('app.skipToContent')}
      </a>
      <NotificationArea />
      {demoNotifications && <DemoNotifications />}
      <RouteGuard>
        <Switch>
          {ROUTES.map(({ path, layout, screen: Screen }) => (
            <Route key={path} path={path}>
              <Suspense fallback={<ShellLoading />}>
                {layout === 'app' ? (
                  <AppFrame>
                    <Screen />
                  </AppFrame>
                ) : (
                  <main id="main" tabIndex={-1} className="shell-bare">
                    <Screen />
                  </main>
                )}
              </Suspense>
            </Route>
          ))}
          <Route>
            <AppFrame>
              <NotFoundScreen />
            </AppFrame>
          </Route>
        </Switch>
      </RouteGuard>
    </Router>
  );
}
