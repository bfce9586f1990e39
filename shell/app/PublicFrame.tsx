import { lazy, Suspense, type ReactNode } from 'react';
import { t } from '../../src/i18n';

// The header shows texts of the public-order area: a chunk of its own, so staff never download them.
const PublicHeader = lazy(() => import('../features/publicOrder/PublicHeader'));

/** Until the header's chunk arrives: the same bar with the product name, so nothing jumps. */
function HeaderPlaceholder() {
  return (
    <header className="shell-header public-header">
      <span className="shell-brand">{t('app.name')}</span>
    </header>
  );
}

/** The frame of the public-order pages an outside customer sees: the public header, no staff navigation. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="shell-frame shell-public">
      <Suspense fallback={<HeaderPlaceholder />}>
        <PublicHeader />
      </Suspense>
      <main id="main" tabIndex={-1} className="shell-main public-main">
        {children}
      </main>
    </div>
  );
}
