import { describe, expect, it } from 'vitest';
import { existingStartPage } from '../../shell/app/startPage';
import { ROUTES } from '../../shell/app/routes';

describe('the start page guard', () => {
  it("rule: a start page whose screen this build has is kept; one it lacks (account 148's /documents before it is merged) falls back to /orders", () => {
    expect(existingStartPage('/remnants')).toBe('/remnants');
    expect(existingStartPage('/orders')).toBe('/orders');
    expect(existingStartPage('/no-such-screen')).toBe('/orders');
    const documents = ROUTES.some((route) => route.path === '/documents');
    expect(existingStartPage('/documents')).toBe(documents ? '/documents' : '/orders');
  });
});
