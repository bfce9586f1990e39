import { describe, expect, it } from 'vitest';
import { originAllowed } from '../../../src/domain/origins';

describe('HOST_ORIGINS allow-list', () => {
  it('an exact origin allows that origin only', () => {
    expect(originAllowed('https://shop.amocrm.ru', ['https://shop.amocrm.ru'])).toBe(true);
    expect(originAllowed('https://other.amocrm.ru', ['https://shop.amocrm.ru'])).toBe(false);
  });

  it('rule: https://*.amocrm.ru allows every account subdomain (one or more labels), never the bare domain', () => {
    const list = ['https://*.amocrm.ru'];
    expect(originAllowed('https://shop.amocrm.ru', list)).toBe(true);
    expect(originAllowed('https://a.b.amocrm.ru', list)).toBe(true);
    expect(originAllowed('https://amocrm.ru', list)).toBe(false);
  });

  it('rule: a look-alike domain, another scheme or another port is not allowed', () => {
    const list = ['https://*.amocrm.ru'];
    expect(originAllowed('https://shop.evilamocrm.ru', list)).toBe(false);
    expect(originAllowed('https://shop.amocrm.ru.evil.com', list)).toBe(false);
    expect(originAllowed('http://shop.amocrm.ru', list)).toBe(false);
    expect(originAllowed('https://shop.amocrm.ru:8443', list)).toBe(false);
    expect(originAllowed('https://shop.amocrm.ru:8443', ['https://*.amocrm.ru:8443'])).toBe(true);
  });

  it('an opaque or malformed origin is never allowed', () => {
    expect(originAllowed('null', ['https://*.amocrm.ru'])).toBe(false);
    expect(originAllowed('https://shop.amocrm.ru/path', ['https://*.amocrm.ru'])).toBe(false);
    expect(originAllowed('https://x.amocrm.ru', ['https://*.*.amocrm.ru', '*'])).toBe(false);
  });
});
