import type { ReactNode } from 'react';

/** The frame of the public-order pages an outside customer sees (no staff navigation). */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="shell-frame shell-public">
      <main id="main" tabIndex={-1} className="shell-main">
        {children}
      </main>
    </div>
  );
}
