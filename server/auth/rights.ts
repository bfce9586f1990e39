import { noRight, refusalText } from '../http/refusal';
import type { Caller } from './sessions';

/**
 * Every right a staff member may lack, one function each with its one refusal (422 noRight: the token is
 * fine, so not 403, which signs the user out) and its own code, so the shell says which right is missing in the
 * user's language. Modules call these, never test the membership flags themselves.
 */

type Member = Pick<Caller, 'account' | 'membership'>;

export type Right = 'admin' | 'editingRemains' | 'changeRemains';

/**
 * Rights (spec 2 §6): owners and admins may do everything. Without the account's 'Separate rights'
 * option every active member may edit products and move goods; with it, each flag counts.
 */
export function hasRight(caller: Member, right: Right): boolean {
  const { membership, account } = caller;
  if (membership.isOwner || membership.admin) return true;
  if (right === 'admin' || !membership.activity) return false;
  if (!account.separateRights) return true;
  return membership[right];
}

/**
 * Read-only members — without activity, or under 'Separate rights' with no right at all — see what the
 * account shares (such as the table layouts every member sees) but do not change it.
 */
export function mayChangeSharedSettings(caller: Member): boolean {
  return hasRight(caller, 'editingRemains') || hasRight(caller, 'changeRemains');
}

/** Spec 2 §6 names no order or customer right: owners, admins and members with 'activity', whatever 'Separate rights' says. */
const isActive = ({ membership }: Member) => membership.isOwner || membership.admin || membership.activity;

export const ADMIN_ONLY = refusalText('adminOnly');
export const NOT_ORDER_EDITOR = refusalText('notOrderEditor');
export const NOT_CUSTOMER_EDITOR = refusalText('notCustomerEditor');
export const NOT_CUSTOMER_FIELD_EDITOR = refusalText('notCustomerFieldEditor');
export const NOT_ORDER_FIELD_EDITOR = refusalText('notOrderFieldEditor');
export const NOT_PRODUCT_EDITOR = refusalText('notProductEditor');
export const NOT_STOCK_MOVER = refusalText('notStockMover');
export const SHARED_SETTINGS_RIGHT = refusalText('notSharedSettingsEditor');

/** Account settings, users, pipelines, warehouses, connections, public links' settings: owners and admins. */
export function requireAdmin(caller: Member): void {
  if (!hasRight(caller, 'admin')) throw noRight('adminOnly');
}

/** Orders are every active member's work: they create, change and delete them (and their files); every member reads them. */
export function requireOrderEditor(caller: Member): void {
  if (!isActive(caller)) throw noRight('notOrderEditor');
}

/** Every member reads customers; active members add, edit, link, archive and delete them, with or without 'Separate rights'. */
export function requireCustomerEditor(caller: Member): void {
  if (!isActive(caller)) throw noRight('notCustomerEditor');
}

/** Customer field definitions are account settings (the customer field settings screen): owners and admins. */
export function requireCustomerFieldEditor(caller: Member): void {
  if (!hasRight(caller, 'admin')) throw noRight('notCustomerFieldEditor');
}

/** The order's own field definitions are account settings: owners and admins. */
export function requireOrderFieldEditor(caller: Member): void {
  if (!hasRight(caller, 'admin')) throw noRight('notOrderFieldEditor');
}

/** Editing the catalogue (categories, fields, products) needs the 'editing product' right. */
export function requireProductEditor(caller: Member): void {
  if (!hasRight(caller, 'editingRemains')) throw noRight('notProductEditor');
}

/** Arrival, write-off and move need the 'arrival, write-off, movement' right. */
export function requireStockMover(caller: Member): void {
  if (!hasRight(caller, 'changeRemains')) throw noRight('notStockMover');
}

/** What the whole account shares (table layouts, the deal catalogue's filter): any member but a read-only one. */
export function requireSharedSettingsEditor(caller: Member): void {
  if (!mayChangeSharedSettings(caller)) throw noRight('notSharedSettingsEditor');
}
