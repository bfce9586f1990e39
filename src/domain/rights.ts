/** A member's rights (spec 2 §6), as the shell shows or hides the buttons; server/auth/rights.ts enforces the same rule. */
export type Right = 'admin' | 'editingRemains' | 'changeRemains';

/** The flags of a signed-in member as account/config sends them (contract User); domain stays free of contracts. */
export interface MemberFlags {
  is_owner?: boolean;
  admin?: boolean;
  activity?: boolean;
  editing_remains?: boolean;
  change_remains?: boolean;
}

/**
 * Owners and admins may do everything. Without the account's 'Separate rights' option every active member may edit
 * products and move goods; with it, each flag counts. A member whose activity is off has no right.
 */
export function memberHasRight(user: MemberFlags | null, account: { separate_rights?: boolean } | null, right: Right): boolean {
  if (!user) return false;
  if (user.is_owner || user.admin) return true;
  if (right === 'admin' || user.activity === false) return false;
  if (!account?.separate_rights) return true;
  return Boolean(right === 'editingRemains' ? user.editing_remains : user.change_remains);
}
