import { describe, expect, it } from 'vitest';
import { addressWithSection, sectionInAddress } from '../../../../shell/features/settings/address';
import { visibleSections } from '../../../../shell/features/settings/SettingsOverlay';
import { SETTINGS_SECTIONS } from '../../../../shell/features/settings/sections';

describe('the settings overlay in the address', () => {
  it('rule: ?settings=<id> names the section; an empty or missing one names none', () => {
    expect(sectionInAddress('settings=users')).toBe('users');
    expect(sectionInAddress('order_id=5&settings=general')).toBe('general');
    expect(sectionInAddress('settings=')).toBeNull();
    expect(sectionInAddress('')).toBeNull();
  });

  it("rule: setting or removing the section keeps the route's own query", () => {
    expect(addressWithSection('/orders', '', 'users')).toBe('/orders?settings=users');
    expect(addressWithSection('/addToDeal', 'order_id=5', 'general')).toBe('/addToDeal?order_id=5&settings=general');
    expect(addressWithSection('/addToDeal', 'order_id=5&settings=general', 'users')).toBe('/addToDeal?order_id=5&settings=users');
    expect(addressWithSection('/addToDeal', 'order_id=5&settings=users', null)).toBe('/addToDeal?order_id=5');
    expect(addressWithSection('/orders', 'settings=users', null)).toBe('/orders');
  });
});

describe('the sections registry', () => {
  it('rule: admin-only sections are hidden from other members; admins see every registered one, in order', () => {
    const ids = (list: readonly { id: string }[]) => list.map((section) => section.id);
    expect(ids(visibleSections(true))).toEqual(ids(SETTINGS_SECTIONS));
    expect(ids(visibleSections(false))).toEqual(ids(SETTINGS_SECTIONS.filter((section) => !section.adminOnly)));
    expect(ids(visibleSections(false))).not.toContain('users');
    expect(ids(SETTINGS_SECTIONS)).toEqual(expect.arrayContaining(['general', 'users', 'archive']));
  });

  it('rule: section ids are unique and usable in an address as they are', () => {
    const ids = SETTINGS_SECTIONS.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(encodeURIComponent(id)).toBe(id);
  });
});
