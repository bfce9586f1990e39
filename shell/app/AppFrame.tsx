import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { t } from '../../src/i18n';
import { $account } from '../../src/stores/account';
import { setMainScreens } from '../stores/mainScreens';
import { $homeBlurred } from '../stores/overlays';
import { HomeMenu } from './HomeMenu';
import { LoginFixedBanner } from './LoginFixedBanner';
import { OverlayHost } from './OverlayHost';
import { availableNav } from './routes';

setMainScreens(availableNav());

/** The frame of staff screens: main navigation, home menu, account warnings, then the screen. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const blurred = useStore($homeBlurred);
  const { account } = useStore($account);
  const nav = availableNav();
  return (
    <div className={`shell-frame${blurred ? ' shell-blurred' : ''}`}>
      <header className="shell-header">
        <span className="shell-brand">{t('app.name')}</span>
        <nav aria-label={t('nav.label')} className="shell-nav">
          <ul>
            {nav.map((item) => (
              <li key={item.path}>
                <Link href={item.path} aria-current={path === item.path ? 'page' : undefined}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <HomeMenu />
      </header>
      {account?.login_fixed && <LoginFixedBanner />}
      <main id="main" tabIndex={-1} className="shell-main">
        {children}
      </main>
      <OverlayHost />
    </div>
  );
}
