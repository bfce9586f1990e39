import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { staffApi, testAccount } from './account';
import { openPage } from './browser';
import { mailTo } from './outbox';

/**
 * Issue 17 §2: an admin corrects a pending invitation's mistyped e-mail on the users screen. A taken address says
 * 'Such a user already exists.' in the interface language and changes nothing; a free one replaces the address in
 * the list and the new address gets the invitation. In English and Russian against the real server.
 */
type Texts = typeof en;
const LANGS = [
  { lang: 'en', locale: 'en-US', texts: en as Texts },
  { lang: 'ru', locale: 'ru-RU', texts: ru as Texts },
] as const;

const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));

for (const { lang, locale, texts } of LANGS) {
  const dialog = (page: Page) => page.getByRole('dialog', { name: texts.settings.title });

  describe(`editing a mistyped invitation (${lang})`, () => {
    it('rule: a taken address is refused in the interface language and nothing changes; a free one is invited instead of the typo', async () => {
      const admin = await testAccount(`invitation-edit-${lang}`);
      const other = await testAccount(`invitation-edit-other-${lang}`);
      const typo = `typo-${lang}-${Date.now()}@e2e.local`;
      const added = await staffApi(admin)<{ user: { id: number } }>('/api/account/user/add', { body: { name: 'Ivan', email: typo } });
      const page = await openPage('/orders', { token: admin.token, locale });
      await page.getByRole('button', { name: texts.home.menu }).click();
      await page.getByRole('menuitem', { name: texts.home.settings, exact: true }).click();
      await dialog(page).getByRole('navigation').getByRole('button', { name: texts.settings.users, exact: true }).click();
      const panel = dialog(page).getByRole('region', { name: texts.settings.users, exact: true }).first();
      await panel.getByRole('row').filter({ hasText: typo }).waitFor();

      await panel.getByRole('button', { name: fill(texts.users.editFor, { name: typo }) }).click();
      const edit = page.getByRole('dialog', { name: texts.settings.editUser });
      const email = edit.getByLabel(texts.users.email, { exact: true });
      await email.fill(other.email);
      await edit.getByRole('button', { name: texts.app.save, exact: true }).click();
      await edit.getByText(texts.errors.userExists).waitFor();
      expect((await staffApi(admin)<{ user: { email: string } }>(`/api/account/user/${added.user.id}`)).user.email).toBe(typo);

      const right = `right-${lang}-${Date.now()}@e2e.local`;
      await email.fill(right);
      await edit.getByRole('button', { name: texts.app.save, exact: true }).click();
      await edit.waitFor({ state: 'detached' });
      await panel.getByRole('row').filter({ hasText: right }).waitFor();
      expect(await panel.getByRole('row').filter({ hasText: typo }).count()).toBe(0);
      expect(await mailTo(right)).toContain('invited');
    });
  });
}
