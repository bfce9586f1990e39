import type { ReactNode } from 'react';

/**
 * The frame of the warning and error screens: a heading, the spec's text saying what happened, what the
 * user can do about it, and the way back (a link or button) so nobody is left on a dead end.
 */
export function StatusScreen({
  id,
  title,
  text,
  todo,
  tone,
  children,
}: {
  id: string;
  title: string;
  text: string;
  /** What the user can do about it, a paragraph each. */
  todo: readonly string[];
  tone: 'warning' | 'error';
  children: ReactNode;
}) {
  return (
    <section className={`status-screen status-${tone}`} aria-labelledby={`${id}-title`} data-testid={id}>
      <h1 id={`${id}-title`}>{title}</h1>
      <p role={tone === 'error' ? 'alert' : undefined}>{text}</p>
      {todo.map((line) => (
        <p key={line} className="status-todo">
          {line}
        </p>
      ))}
      <div className="status-actions">{children}</div>
    </section>
  );
}
