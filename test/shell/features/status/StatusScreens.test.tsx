import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import ru from '../../../../locales/ru.json';
import ManyAccountsScreen from '../../../../shell/features/status/ManyAccountsScreen';
import NotInstalledScreen from '../../../../shell/features/status/NotInstalledScreen';
import { addMessages, setActiveLanguage, type Lang } from '../../../../src/i18n';
import { $account, resetAccount } from '../../../../src/stores/account';
import { setNavigator } from '../../../../shell/stores/navigation';

// The texts are written out here (not read from the locale files) so a changed locale text fails:
// the English ones are the spec's (server-calls-and-texts.md §8), the Russian ones those of ru.json.
const TEXTS = {
  en: {
    manyTitle: 'Too many users',
    usersExceeded: 'Attention! The number of users exceeded.',
    notInstalledTitle: 'Not installed',
    notInstalled: 'The application is not installed for this account.',
    mustBeCrmUser: 'To install, you must be a user of the CRM platform',
  },
  ru: {
    manyTitle: 'Слишком много пользователей',
    usersExceeded: 'Внимание! Превышено количество пользователей.',
    notInstalledTitle: 'Не установлено',
    notInstalled: 'Приложение не установлено для этого аккаунта.',
    mustBeCrmUser: 'Для установки нужно быть пользователем CRM-платформы',
  },
} as const;

let root: Root | null = null;
const navigations: string[] = [];

function show(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(node));
  return host;
}

const paragraphs = (host: HTMLElement) => [...host.querySelectorAll('p')].map((p) => p.textContent);

beforeEach(() => {
  addMessages('en', en);
  addMessages('ru', ru);
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  resetAccount();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  setActiveLanguage('en');
});

describe.each(['en', 'ru'] as const)('status screens in %s', (lang: Lang) => {
  const texts = TEXTS[lang];
  beforeEach(() => setActiveLanguage(lang));

  it("/many-accounts shows 'too many users' and the users-exceeded warning", () => {
    const host = show(<ManyAccountsScreen />);
    const screen = host.querySelector('[data-testid="many-accounts"]');
    expect(screen).not.toBeNull();
    const heading = host.querySelector('h1');
    expect(heading?.textContent).toBe(texts.manyTitle);
    expect(screen?.getAttribute('aria-labelledby')).toBe(heading?.id);
    expect(paragraphs(host)).toEqual([texts.usersExceeded]);
  });

  it('/Error_is_not_installed shows the not-installed text and the CRM-user requirement', () => {
    const host = show(<NotInstalledScreen />);
    const screen = host.querySelector('[data-testid="not-installed"]');
    expect(screen).not.toBeNull();
    const heading = host.querySelector('h1');
    expect(heading?.textContent).toBe(texts.notInstalledTitle);
    expect(screen?.getAttribute('aria-labelledby')).toBe(heading?.id);
    expect(paragraphs(host)).toEqual([texts.notInstalled, texts.mustBeCrmUser]);
  });
});

describe('/Error_is_not_installed redirect check', () => {
  it('is inactive: an installed account stays on the page', () => {
    $account.set({ loaded: true, account: { id: 1, name: 'Acme', expired: false, install: true }, user: null });
    const host = show(<NotInstalledScreen />);
    expect(host.querySelector('[data-testid="not-installed"]')).not.toBeNull();
    expect(navigations).toEqual([]);
  });
});
