import { describe, expect, it } from 'vitest';
import {
  MIN_CUSTOMER_FIELD_LENGTH,
  hasMinLength,
  isEmail,
  validateCustomerField,
} from '../../../src/domain/validation';

describe('isEmail: non-space text, an @, more text, a dot and more text', () => {
  it.each([
    ['a@b.c', true],
    ['user.name+tag@mail.example.ru', true],
    ['юзер@почта.рф', true],
    ['a@b', false], // no dot after the @
    ['a.b@c', false],
    ['@b.c', false],
    ['a@.c', false], // no text between @ and dot
    ['a@b.', false],
    ['a b@c.d', false],
    ['', false],
    [null, false],
  ] as const)('%j → %j', (text, expected) => {
    expect(isEmail(text)).toBe(expected);
  });
});

describe('hasMinLength: at least 3 characters by default, trimmed, counted as characters', () => {
  it.each([
    ['abc', undefined, true],
    ['ab', undefined, false],
    ['  ab  ', undefined, false],
    ['😀😀😀', undefined, true],
    ['abcd', 5, false],
    [null, undefined, false],
  ] as const)('hasMinLength(%j, %j) → %j', (text, min, expected) => {
    expect(hasMinLength(text, min)).toBe(expected);
  });

  it('the customer-field minimum is 3', () => {
    expect(MIN_CUSTOMER_FIELD_LENGTH).toBe(3);
  });
});

describe('validateCustomerField: empty first, then e-mail, then minimum 3 characters, on the trimmed value', () => {
  it.each([
    ['required and empty → empty', '', { required: true }, 'validation.empty'],
    ['required and blank → empty', '   ', { required: true, email: true, minLength: true }, 'validation.empty'],
    ['required and null → empty', null, { required: true }, 'validation.empty'],
    ['optional and empty → valid (nothing to judge)', '', { email: true, minLength: true }, null],
    ['bad e-mail → email', 'ab', { required: true, email: true, minLength: true }, 'validation.email'],
    ['e-mail with spaces around is trimmed → valid', '  a@b.co  ', { email: true }, null],
    ['too short → min3', 'ab', { minLength: true }, 'validation.min3'],
    ['short after trimming → min3', ' ab ', { minLength: true }, 'validation.min3'],
    ['3 characters → valid', 'abc', { required: true, minLength: true }, null],
    ['no rules → valid', 'x', {}, null],
    ['numbers are read as text', 12, { minLength: true }, 'validation.min3'],
  ] as const)('%s', (_rule, value, rules, expected) => {
    expect(validateCustomerField(value, rules)).toBe(expected);
  });
});
