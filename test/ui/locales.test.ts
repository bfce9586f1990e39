import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';

describe('control and gallery texts', () => {
  it.each(['controls', 'gallery'] as const)('en and ru have the same %s keys, none empty', (section) => {
    expect(Object.keys(ru[section]).sort()).toEqual(Object.keys(en[section]).sort());
    for (const table of [en[section], ru[section]]) {
      for (const text of Object.values(table)) expect(text).not.toBe('');
    }
  });
});
