import { describe, expect, it } from 'vitest';
import {
  FLAG_ACCOUNT_ID,
  TEST_ACCOUNT_IDS,
  hasAccountFlag,
  isTestAccount,
  landingPath,
} from '../../../src/domain/landing';

describe("landingPath: the account's landing_path, else /documents for account 148, else /orders", () => {
  it.each([
    ['account 148 → /documents', { id: 148 }, '/documents'],
    ['other accounts → /orders', { id: 5 }, '/orders'],
    ['landing_path wins', { id: 148, landing_path: '/analytics' }, '/analytics'],
    ['landing_path without a slash gets one', { id: 5, landing_path: 'remnants' }, '/remnants'],
    ['empty landing_path is unset', { id: 148, landing_path: '' }, '/documents'],
    ['null landing_path is unset', { id: 5, landing_path: null }, '/orders'],
    ['no account yet → /orders', null, '/orders'],
  ] as const)('%s', (_rule, account, expected) => {
    expect(landingPath(account)).toBe(expected);
  });
});

describe('isTestAccount: accounts 1, 591 and 595, unless the server sends flags.test', () => {
  it('the test ids are 1, 591 and 595', () => {
    expect(TEST_ACCOUNT_IDS).toEqual([1, 591, 595]);
  });

  it.each([
    [{ id: 1 }, true],
    [{ id: 591 }, true],
    [{ id: 595 }, true],
    [{ id: 2 }, false],
    [{ id: 2, flags: { test: true } }, true],
    [{ id: 591, flags: { test: false } }, false],
    [{ id: 591, flags: {} }, true],
    [null, false],
  ] as const)('%j → %j', (account, expected) => {
    expect(isTestAccount(account)).toBe(expected);
  });
});

describe('hasAccountFlag: account 886, unless the server sends flags.flag', () => {
  it.each([
    [{ id: FLAG_ACCOUNT_ID }, true],
    [{ id: 1 }, false],
    [{ id: 1, flags: { flag: true } }, true],
    [{ id: 886, flags: { flag: false } }, false],
    [undefined, false],
  ] as const)('%j → %j', (account, expected) => {
    expect(hasAccountFlag(account)).toBe(expected);
  });

  it('the flag account is 886', () => {
    expect(FLAG_ACCOUNT_ID).toBe(886);
  });
});
