import Type from 'typebox';
import { Nullable } from './common';

const Lang = Type.Union([Type.Literal('en'), Type.Literal('ru')]);

/** The account as account/config returns it. */
export const Account = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  country: Type.Optional(Nullable(Type.String())),
  /** Second CRM variant: default currency USD instead of RUB. */
  is_kommo: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  expired: Type.Boolean(),
  install: Type.Optional(Type.Boolean()),
  /** Login to the product is fixed to one user: show the warning. */
  login_fixed: Type.Optional(Type.Boolean()),
  /** Per-account start page; replaces the spec's hard-coded account 148. */
  landing_path: Type.Optional(Nullable(Type.String())),
  separate_rights: Type.Optional(Type.Boolean()),
  trial_ends_at: Type.Optional(Nullable(Type.String())),
  paid_until: Type.Optional(Nullable(Type.String())),
  flags: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});
export type Account = Type.Static<typeof Account>;

/**
 * A member of the account as account/users and account/user/{id} show it. An 'invited' member (linked,
 * not yet accepted) shows only id, e-mail (also as the name, for lists) and status: their name, phone,
 * language and rights are not the inviting account's to see until they accept.
 */
export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.Optional(Nullable(Type.String())),
  phone: Type.Optional(Nullable(Type.String())),
  lang: Type.Optional(Lang),
  /** 'invited': linked by an admin, not yet accepted by the user (no access until then). */
  status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled'), Type.Literal('invited')])),
  activity: Type.Optional(Type.Boolean()),
  admin: Type.Optional(Type.Boolean()),
  editing_remains: Type.Optional(Type.Boolean()),
  change_remains: Type.Optional(Type.Boolean()),
  is_owner: Type.Optional(Type.Boolean()),
});
export type User = Type.Static<typeof User>;

/** GET account/config (public: public-order/config) */
export const AccountConfigResponse = Type.Object({ account: Account, user: User });
export type AccountConfigResponse = Type.Static<typeof AccountConfigResponse>;

/** POST account/update (admin) */
export const AccountUpdateRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    country: Type.Optional(Nullable(Type.String({ maxLength: 80 }))),
    separate_rights: Type.Optional(Type.Boolean()),
    landing_path: Type.Optional(Nullable(Type.String({ pattern: '^/[A-Za-z0-9_/-]*$', maxLength: 80 }))),
  },
  { additionalProperties: false },
);
export type AccountUpdateRequest = Type.Static<typeof AccountUpdateRequest>;

/**
 * POST user/update (the signed-in user's own profile). A new password needs the current one
 * (current_password) and the rules of src/domain/password; it signs out the user's other sessions.
 */
export const SelfUpdateRequest = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    lang: Type.Optional(Lang),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    current_password: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SelfUpdateRequest = Type.Static<typeof SelfUpdateRequest>;

/** Rights of a user in an account (spec 2 §6). */
export const Rights = Type.Object({
  activity: Type.Optional(Type.Boolean()),
  admin: Type.Optional(Type.Boolean()),
  editing_remains: Type.Optional(Type.Boolean()),
  change_remains: Type.Optional(Type.Boolean()),
});

/** POST account/user/add (admin): invite by name and e-mail. */
export const UserAddRequest = Type.Intersect([
  Type.Object({ name: Type.String({ minLength: 1, maxLength: 120 }), email: Type.String({ minLength: 3, maxLength: 254 }) }),
  Rights,
]);
export type UserAddRequest = Type.Static<typeof UserAddRequest>;

/** POST account/user/update: an admin edits a member; anyone may send their own `lang`. */
export const UserUpdateRequest = Type.Intersect([
  Type.Object({
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    /** An admin sets another member's sign-in e-mail (trimmed, lower-cased, unique; 409 'Such a user already exists.' when taken). */
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    lang: Type.Optional(Lang),
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
  }),
  Rights,
]);
export type UserUpdateRequest = Type.Static<typeof UserUpdateRequest>;

/** GET account/user/invitations: the signed-in user's pending invitations, oldest first. */
export const UserInvitation = Type.Object({
  account_id: Type.Integer(),
  account_name: Type.String(),
  /** ISO date-time of the invitation. */
  invited_at: Type.String(),
});
export type UserInvitation = Type.Static<typeof UserInvitation>;
export const UserInvitationList = Type.Array(UserInvitation);
export type UserInvitationList = Type.Static<typeof UserInvitationList>;

/** GET account/user/accept: the invited user joins the account (takes a seat of its tariff; 402 when none is free). */
export const UserAcceptRequest = Type.Object({ account_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type UserAcceptRequest = Type.Static<typeof UserAcceptRequest>;

export const TableConfig = Type.Object({ code: Type.String(), value: Type.Unknown() });
export type TableConfig = Type.Static<typeof TableConfig>;

export const Currency = Type.Object({ code: Type.String(), name: Type.String(), symbol: Type.String() });
export type Currency = Type.Static<typeof Currency>;

export const Tariff = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  users: Type.Integer(),
  positions: Type.Integer(),
  contacts_companies: Type.Integer(),
  orders_per_month: Type.Integer(),
  import_export: Type.Boolean(),
  api: Type.Boolean(),
  price: Type.Number(),
  period: Type.String(),
});
export type Tariff = Type.Static<typeof Tariff>;

/** account/tariffs: the current tariff (none during the trial), when the paid or trial period ends, what is used, and every tariff. */
export const TariffsResponse = Type.Object({
  current: Nullable(Tariff),
  /** ISO date-time: the end of the paid period, or of the trial. */
  plan_end: Type.String(),
  usage: Type.Object({ users: Type.Integer(), positions: Type.Integer() }),
  tariffs: Type.Array(Tariff),
});
export type TariffsResponse = Type.Static<typeof TariffsResponse>;

/** account/update: the account as written. */
export const AccountUpdateResponse = Type.Object({ account: Account });
export type AccountUpdateResponse = Type.Static<typeof AccountUpdateResponse>;

/** user/update, account/user/add, account/user/update, account/user/{id}: one member. */
export const UserResponse = Type.Object({ user: User });
export type UserResponse = Type.Static<typeof UserResponse>;

/** account/user/link: the invited user, who shows only id, e-mail and status until they accept. */
export const UserLinkResponse = Type.Object({ user: Type.Object({ id: Type.Integer(), email: Type.String(), status: Type.Literal('invited') }) });
export type UserLinkResponse = Type.Static<typeof UserLinkResponse>;

/** account/user/check: whether a user has this e-mail; only their id when so. */
export const UserCheckResponse = Type.Object({ exists: Type.Boolean(), user: Type.Optional(Type.Object({ id: Type.Integer() })) });
export type UserCheckResponse = Type.Static<typeof UserCheckResponse>;
