import type { ReactNode } from 'react';

/** The frame of the warning and error screens: a heading, the spec's text and optional actions. */
export function StatusScreen({ id, title, text, tone, children }: { id: string; title: string; text: string; tone: 'warning' | 'error'; children?: ReactNode }) {
  return (
    <section className={`status-screen status-${tone}`} aria-labelledby={`${id}-title`} data-testid={id}>
      <h1 id={`${id}-title`}>{title}</h1>
      <p role={tone === 'error' ? 'alert' : undefined}>{text}</p>
      {children && <div className="status-actions">{children}</div>}
    </section>
  );
}
