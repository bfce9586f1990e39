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
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';

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

function refusal(check: () => void): { status: number; message: string; code: unknown } | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message, code: error.extra.code };
  }
}

interface Case {
  name: string;
  require: (caller: Member) => void;
  text: string;
  /** serverErrors.<code>: the shell says the missing right in the user's language. */
  code: string;
  allowed: Member[];
  refused: Member[];
}

const cases: Case[] = [
  { name: 'admin', require: requireAdmin, text: ADMIN_ONLY, code: 'adminOnly', allowed: [owner, admin], refused: [active, idle, separatedEditor, separatedMover] },
  { name: 'order editor', require: requireOrderEditor, text: NOT_ORDER_EDITOR, code: 'notOrderEditor', allowed: [owner, admin, active, separatedNoFlags], refused: [idle] },
  { name: 'customer editor', require: requireCustomerEditor, text: NOT_CUSTOMER_EDITOR, code: 'notCustomerEditor', allowed: [owner, admin, active, separatedNoFlags], refused: [idle] },
  { name: 'customer field editor', require: requireCustomerFieldEditor, text: NOT_CUSTOMER_FIELD_EDITOR, code: 'notCustomerFieldEditor', allowed: [owner, admin], refused: [active, idle, separatedEditor] },
  { name: 'order field editor', require: requireOrderFieldEditor, text: NOT_ORDER_FIELD_EDITOR, code: 'notOrderFieldEditor', allowed: [owner, admin], refused: [active, idle, separatedEditor] },
  { name: 'product editor', require: requireProductEditor, text: NOT_PRODUCT_EDITOR, code: 'notProductEditor', allowed: [owner, admin, active, separatedEditor], refused: [idle, separatedNoFlags, separatedMover] },
  { name: 'stock mover', require: requireStockMover, text: NOT_STOCK_MOVER, code: 'notStockMover', allowed: [owner, admin, active, separatedMover], refused: [idle, separatedNoFlags, separatedEditor] },
  {
    name: 'shared settings editor (not read-only)',
    require: requireSharedSettingsEditor,
    text: SHARED_SETTINGS_RIGHT,
    code: 'notSharedSettingsEditor',
    allowed: [owner, admin, active, separatedEditor, separatedMover],
    refused: [idle, separatedNoFlags],
  },
];

describe('rights: one function per right, each with its one refusal', () => {
  for (const { name, require, text, code, allowed, refused } of cases) {
    it(`${name}: passes those who hold it, refuses the rest with 422 "${text}" (code ${code})`, () => {
      for (const caller of allowed) expect(refusal(() => require(caller))).toBeNull();
      for (const caller of refused) expect(refusal(() => require(caller))).toEqual({ status: 422, message: text, code });
    });
  }

  it('every refusal text and code is its own; each code says the English text, and Russian has its own text', () => {
    expect(new Set(cases.map((item) => item.text)).size).toBe(cases.length);
    expect(new Set(cases.map((item) => item.code)).size).toBe(cases.length);
    for (const { text, code } of cases) {
      expect((en.serverErrors as Record<string, string>)[code]).toBe(text);
      expect((ru.serverErrors as Record<string, string>)[code]).toMatch(/[а-яё]/i);
    }
  });
});
