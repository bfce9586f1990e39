import { describe, expect, it } from 'vitest';
import { parseLogin } from '../../../src/domain/login';

describe('parseLogin: e-mail or phone, in one canonical form', () => {
  it.each([
    ['Ann@Example.COM ', { mode: 'email', value: 'ann@example.com' }],
    ['+7 (900) 123-45-67', { mode: 'phone', value: '79001234567' }],
    ['8.900.123.45.67', { mode: 'phone', value: '89001234567' }],
    ['ann@example', null],
    ['12345', null],
    ['1234567890123456', null],
    ['call me', null],
    ['', null],
  ])('%j → %j', (text, expected) => {
    expect(parseLogin(text)).toEqual(expected);
  });
});
