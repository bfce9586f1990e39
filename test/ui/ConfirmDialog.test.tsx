import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { addMessages, setActiveLanguage } from '../../src/i18n';
import { ConfirmDialog } from '../../src/ui/ConfirmDialog';

const root = join(__dirname, '..', '..');
let view: Root | null = null;

beforeEach(() => {
  addMessages('en', en);
  setActiveLanguage('en');
});
afterEach(() => {
  act(() => view?.unmount());
  view = null;
});

function show(tone?: 'danger' | 'primary') {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const host = document.createElement('div');
  document.body.append(host);
  view = createRoot(host);
  act(() => view?.render(<ConfirmDialog text="Delete order #34?" confirmLabel="Delete" tone={tone} onConfirm={onConfirm} onCancel={onCancel} />));
  const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]');
  if (!dialog) throw new Error('no confirmation');
  const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('.ui-confirm__buttons button')];
  return { dialog, buttons, onConfirm, onCancel };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

describe('confirmations (issue 19 §5: one button order for every confirm dialog)', () => {
  it('rule: Cancel is on the left and has the focus, the confirming action on the right; each does its own thing', () => {
    const { dialog, buttons, onConfirm, onCancel } = show();
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Delete']);
    expect(document.activeElement).toBe(buttons[0]);
    act(() => buttons[0].click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    act(() => buttons[1].click());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('rule: a destructive confirmation is styled as such, by default; another is the primary action', () => {
    expect(show().buttons[1].className).toContain('ui-confirm__button--danger');
    act(() => view?.unmount());
    expect(show('primary').buttons[1].className).toContain('ui-confirm__button--primary');
  });

  it('rule: no screen builds a confirmation of its own — every alert dialog is src/ui/ConfirmDialog.tsx', () => {
    const own = ['src', 'shell', 'widget']
      .flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((file) => /role="alertdialog"|CustomerConfirm\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(own).toEqual(['src/ui/ConfirmDialog.tsx']);
  });
});
