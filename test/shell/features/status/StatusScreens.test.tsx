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
    manyTodo: "The account has more users than its tariff allows. Ask the account's admin to remove a user or to choose a larger tariff, then open the application again.",
    notInstalledTodo: "Install the application from your CRM's marketplace as an administrator, then open it from the CRM.",
    toStart: 'Go to the start page',
    toSignIn: 'Go to sign-in',
    signInOther: 'Sign in with another account',
  },
  ru: {
    manyTitle: 'Слишком много пользователей',
    usersExceeded: 'Внимание! Превышено количество пользователей.',
    notInstalledTitle: 'Не установлено',
    notInstalled: 'Приложение не установлено для этого аккаунта.',
    mustBeCrmUser: 'Для установки нужно быть пользователем CRM-платформы',
    manyTodo: 'В аккаунте больше пользователей, чем позволяет тариф. Попросите администратора аккаунта удалить пользователя или выбрать тариф побольше, затем снова откройте приложение.',
    notInstalledTodo: 'Установите приложение из маркетплейса вашей CRM с правами администратора, затем откройте его из CRM.',
    toStart: 'На начальную страницу',
    toSignIn: 'Ко входу',
    signInOther: 'Войти в другой аккаунт',
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
/** The ways off the page (issue 19 §5: no error page is a dead end). */
const actions = (host: HTMLElement) => [...host.querySelectorAll('.status-actions a, .status-actions button')].map((item) => item.textContent);

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

  it("/many-accounts shows 'too many users', the users-exceeded warning, what to do and the ways back", () => {
    const host = show(<ManyAccountsScreen />);
    const screen = host.querySelector('[data-testid="many-accounts"]');
    expect(screen).not.toBeNull();
    const heading = host.querySelector('h1');
    expect(heading?.textContent).toBe(texts.manyTitle);
    expect(screen?.getAttribute('aria-labelledby')).toBe(heading?.id);
    expect(paragraphs(host)).toEqual([texts.usersExceeded, texts.manyTodo]);
    expect(actions(host)).toEqual([texts.toStart, texts.signInOther]);
    expect(host.querySelector('a')?.getAttribute('href')).toBe('#/');
  });

  it('/Error_is_not_installed shows the not-installed text, the CRM-user requirement, what to do and the way to sign-in', () => {
    const host = show(<NotInstalledScreen />);
    const screen = host.querySelector('[data-testid="not-installed"]');
    expect(screen).not.toBeNull();
    const heading = host.querySelector('h1');
    expect(heading?.textContent).toBe(texts.notInstalledTitle);
    expect(screen?.getAttribute('aria-labelledby')).toBe(heading?.id);
    expect(paragraphs(host)).toEqual([texts.notInstalled, texts.mustBeCrmUser, texts.notInstalledTodo]);
    expect(actions(host)).toEqual([texts.toSignIn]);
    act(() => host.querySelector('button')?.click());
    expect(navigations).toEqual(['/authorization']);
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
