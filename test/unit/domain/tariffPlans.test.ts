import { describe, expect, it } from 'vitest';
import { meterLevel, meterShare, tariffButton } from '../../../src/domain/tariffPlans';

/** The tariffs screen's button states (spec 2 §4: connect, request an invoice, purchased) and its meters. */
describe('tariff button state', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const free = { id: 1, price: 0 };
  const paid = { id: 2, price: 490 };

  it('rule: the account’s plan paid beyond now is purchased; the same plan unpaid (or paid in the past) asks for an invoice', () => {
    expect(tariffButton(paid, { tariffId: 2, paidUntil: '2026-12-01T00:00:00Z' }, now)).toBe('purchased');
    expect(tariffButton(paid, { tariffId: 2, paidUntil: '2026-05-01T00:00:00Z' }, now)).toBe('requestInvoice');
    expect(tariffButton(paid, { tariffId: 2, paidUntil: null }, now)).toBe('requestInvoice');
  });

  it('rule: a free plan is connected; once it is the account’s, it shows as purchased; another paid plan asks for an invoice', () => {
    expect(tariffButton(free, { tariffId: null, paidUntil: null }, now)).toBe('connect');
    expect(tariffButton(free, { tariffId: 1, paidUntil: null }, now)).toBe('purchased');
    expect(tariffButton(paid, { tariffId: 1, paidUntil: '2026-12-01T00:00:00Z' }, now)).toBe('requestInvoice');
  });
});

describe('limit meters', () => {
  it('rule: no limit is no meter; the share is capped at full; it warns from 80 % and is full at the limit', () => {
    expect(meterShare(5, null)).toBeNull();
    expect(meterShare(150, 100)).toBe(1);
    expect(meterLevel(79, 100)).toBe('ok');
    expect(meterLevel(80, 100)).toBe('near');
    expect(meterLevel(100, 100)).toBe('full');
    expect(meterLevel(3, null)).toBe('ok');
  });
});
