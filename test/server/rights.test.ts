import { describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY,
  NOT_CUSTOMER_EDITOR,
  NOT_CUSTOMER_FIELD_EDITOR,
  NOT_ORDER_EDITOR,
  NOT_ORDER_FIELD_EDITOR,
  NOT_PRODUCT_EDITOR,
  NOT_STOCK_MOVER,
  requireAdmin,
  requireCustomerEditor,
  requireCustomerFieldEditor,
  requireOrderEditor,
  requireOrderFieldEditor,
  requireProductEditor,
  requireSharedSettingsEditor,
  requireStockMover,
  SHARED_SETTINGS_RIGHT,
} from '../../server/auth/rights';
import type { Caller } from '../../server/auth/sessions';
import { HttpError } from '../../server/http/errors';

/**
 * server/auth/rights.ts, one case per right: who passes, and the one refusal (422 with its text) for everyone else.
 * Pure: the callers are built here, no server runs. The routes' own tests check each right is asked for.
 */

type Flags = { isOwner?: boolean; admin?: boolean; activity?: boolean; editingRemains?: boolean; changeRemains?: boolean };
type Member = Pick<Caller, 'account' | 'membership'>;

function member(flags: Flags, separateRights = false): Member {
  const membership = { isOwner: false, admin: false, activity: true, editingRemains: false, changeRemains: false, ...flags };
  return { account: { separateRights } as Caller['account'], membership: membership as Caller['membership'] };
}

const owner = member({ isOwner: true, admin: false, activity: false });
const admin = member({ admin: true, activity: false }, true);
const active = member({});
const idle = member({ activity: false });
/** Under 'Separate rights' with neither flag: active, yet read-only for the catalogue and stock. */
const separatedNoFlags = member({}, true);
const separatedEditor = member({ editingRemains: true }, true);
const separatedMover = member({ changeRemains: true }, true);

function refusal(check: () => void): { status: number; message: string } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

interface Case {
  name: string;
  require: (caller: Member) => void;
  text: string;
  allowed: Member[];
  refused: Member[];
}

const cases: Case[] = [
  { name: 'admin', require: requireAdmin, text: ADMIN_ONLY, allowed: [owner, admin], refused: [active, idle, separatedEditor, separatedMover] },
  { name: 'order editor', require: requireOrderEditor, text: NOT_ORDER_EDITOR, allowed: [owner, admin, active, separatedNoFlags], refused: [idle] },
  { name: 'customer editor', require: requireCustomerEditor, text: NOT_CUSTOMER_EDITOR, allowed: [owner, admin, active, separatedNoFlags], refused: [idle] },
  { name: 'customer field editor', require: requireCustomerFieldEditor, text: NOT_CUSTOMER_FIELD_EDITOR, allowed: [owner, admin], refused: [active, idle, separatedEditor] },
  { name: 'order field editor', require: requireOrderFieldEditor, text: NOT_ORDER_FIELD_EDITOR, allowed: [owner, admin], refused: [active, idle, separatedEditor] },
  { name: 'product editor', require: requireProductEditor, text: NOT_PRODUCT_EDITOR, allowed: [owner, admin, active, separatedEditor], refused: [idle, separatedNoFlags, separatedMover] },
  { name: 'stock mover', require: requireStockMover, text: NOT_STOCK_MOVER, allowed: [owner, admin, active, separatedMover], refused: [idle, separatedNoFlags, separatedEditor] },
  {
    name: 'shared settings editor (not read-only)',
    require: requireSharedSettingsEditor,
    text: SHARED_SETTINGS_RIGHT,
    allowed: [owner, admin, active, separatedEditor, separatedMover],
    refused: [idle, separatedNoFlags],
  },
];

describe('rights: one function per right, each with its one refusal', () => {
  for (const { name, require, text, allowed, refused } of cases) {
    it(`${name}: passes those who hold it, refuses the rest with 422 "${text}"`, () => {
      for (const caller of allowed) expect(refusal(() => require(caller))).toBeNull();
      for (const caller of refused) expect(refusal(() => require(caller))).toEqual({ status: 422, message: text });
    });
  }

  it('every refusal text is its own', () => {
    expect(new Set(cases.map((item) => item.text)).size).toBe(cases.length);
  });
});
