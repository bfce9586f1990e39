import { afterEach, describe, expect, it } from 'vitest';
import { allowedHostOrigins } from '../../../shell/app/frameHost';

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="stockroom-host-origins"]')) meta.remove();
});

function serverList(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'stockroom-host-origins';
  meta.content = content;
  document.head.append(meta);
}

describe('which CRM pages may frame the shell', () => {
  it("rule: the server's run-time list (the page's meta tag) is taken, entries trimmed, blanks dropped", () => {
    serverList(' https://*.amocrm.ru , https://portal.bitrix24.ru,, ');
    expect(allowedHostOrigins(document)).toEqual(['https://*.amocrm.ru', 'https://portal.bitrix24.ru']);
  });

  it('no meta tag (a page served by something else) and an empty one allow nothing beyond the build’s list', () => {
    expect(allowedHostOrigins(document)).toEqual([]);
    serverList('');
    expect(allowedHostOrigins(document)).toEqual([]);
  });
});
