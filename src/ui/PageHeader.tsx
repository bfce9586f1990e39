import type { ReactNode } from 'react';
import { adoptStyles } from './adoptStyles';
import styles from './page.css?raw';

adoptStyles(styles);

/**
 * The title of a main screen. One size, one line box and no margin of its own, so the title stays put
 * when the user switches screens (the screens used to set their own h1 margins and sizes).
 */
export function PageTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} className="ui-page-title">
      {children}
    </h1>
  );
}

/** A main screen's head: the title on the left, the screen's actions (children) on the right. */
export function PageHeader({ titleId, title, children, className }: { titleId: string; title: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <header className={className ? `ui-page-head ${className}` : 'ui-page-head'}>
      <PageTitle id={titleId}>{title}</PageTitle>
      {children ? <div className="ui-page-head__actions">{children}</div> : null}
    </header>
  );
}

/** The filter bar under the head: src/ui fields with labels above, on one baseline, wrapping row by row. */
export function FilterBar({ children, label, className }: { children: ReactNode; label?: string; className?: string }) {
  return (
    <div className={className ? `ui-filter-bar ${className}` : 'ui-filter-bar'} role="search" aria-label={label}>
      {children}
    </div>
  );
}
