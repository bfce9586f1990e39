import { describe, expect, it } from 'vitest';
import { memberHasRight } from '../../../src/domain/rights';

const member = { id: 2, name: 'M', activity: true, admin: false, editing_remains: false, change_remains: false, is_owner: false };

describe('memberHasRight (spec 2 §6, the rule server/auth/rights.ts enforces)', () => {
  it('owners and admins have every right, separated or not', () => {
    for (const user of [{ ...member, is_owner: true }, { ...member, admin: true }]) {
      for (const right of ['admin', 'editingRemains', 'changeRemains'] as const) expect(memberHasRight(user, { separate_rights: true }, right)).toBe(true);
    }
  });

  it('without separate rights every active member edits products and moves goods, but is no admin', () => {
    expect(memberHasRight(member, { separate_rights: false }, 'editingRemains')).toBe(true);
    expect(memberHasRight(member, { separate_rights: false }, 'changeRemains')).toBe(true);
    expect(memberHasRight(member, { separate_rights: false }, 'admin')).toBe(false);
  });

  it('with separate rights each flag counts on its own', () => {
    const editor = { ...member, editing_remains: true };
    expect(memberHasRight(editor, { separate_rights: true }, 'editingRemains')).toBe(true);
    expect(memberHasRight(editor, { separate_rights: true }, 'changeRemains')).toBe(false);
    expect(memberHasRight({ ...member, change_remains: true }, { separate_rights: true }, 'changeRemains')).toBe(true);
  });

  it('a member whose activity is off, or nobody signed in, has no right', () => {
    expect(memberHasRight({ ...member, activity: false }, { separate_rights: false }, 'editingRemains')).toBe(false);
    expect(memberHasRight(null, null, 'changeRemains')).toBe(false);
  });
});
