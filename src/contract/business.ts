import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/** Business processes (spec 2 §3 Tag and scenario): the account's tags and who uses them. */
const TagName = Type.String({ minLength: 1, maxLength: 100 });

/** GET business/tags: every tag of the account's products or public customers, with how many of each carry it. */
export const TagUsage = Type.Object({ tag: Type.String(), products: Type.Integer(), customers: Type.Integer() });
export type TagUsage = Type.Static<typeof TagUsage>;

/** POST business/tags/rename: every product and customer carrying `tag` carries `to` instead (merged when they had both). */
export const TagRenameRequest = Type.Object({ tag: TagName, to: TagName }, { additionalProperties: false });
export type TagRenameRequest = Type.Static<typeof TagRenameRequest>;
/** POST business/tags/delete: the tag is taken off every product and customer. */
export const TagDeleteRequest = Type.Object({ tag: TagName }, { additionalProperties: false });
export type TagDeleteRequest = Type.Static<typeof TagDeleteRequest>;
/** How many products and customers a rename or delete changed. */
export const TagChange = Type.Object({ products: Type.Integer(), customers: Type.Integer() });
export type TagChange = Type.Static<typeof TagChange>;

/** Tariffs: what the account uses against each limit of its plan (null: no limit, the trial). */
export const LimitMeter = Type.Object({ used: Type.Integer(), allowed: Nullable(Type.Integer()) });
export type LimitMeter = Type.Static<typeof LimitMeter>;
export const TariffMeters = Type.Object({
  users: LimitMeter,
  positions: LimitMeter,
  contacts_companies: LimitMeter,
  orders_per_month: LimitMeter,
});
export type TariffMeters = Type.Static<typeof TariffMeters>;

/** POST tariffs/invoice: records the request for a plan; the answer names the invoice file to download. */
export const InvoiceRequest = Type.Object({ tariff_id: Id }, { additionalProperties: false });
export type InvoiceRequest = Type.Static<typeof InvoiceRequest>;
/** POST tariffs/connect (body: InvoiceRequest): the free plan the account is now on. */
export const TariffConnected = Type.Object({ tariff_id: Type.Integer() });
export type TariffConnected = Type.Static<typeof TariffConnected>;
export const InvoiceRecord = Type.Object({
  id: Type.Integer(),
  tariff_id: Type.Integer(),
  quantity: Type.Integer(),
  amount: Type.Number(),
  created_at: Type.String(),
});
export type InvoiceRecord = Type.Static<typeof InvoiceRecord>;
export const InvoiceList = Type.Array(InvoiceRecord);

/** Telegram sign-in: the login widget's signed fields, as Telegram hands them to the page. */
export const TelegramAuthData = Type.Object(
  {
    id: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,20}$' })]),
    first_name: Type.Optional(Type.String({ maxLength: 256 })),
    last_name: Type.Optional(Type.String({ maxLength: 256 })),
    username: Type.Optional(Type.String({ maxLength: 64 })),
    photo_url: Type.Optional(Type.String({ maxLength: 2048 })),
    auth_date: Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^[0-9]{1,12}$' })]),
    // Its form (64 hex digits) is checked with the signature (server/auth/telegram.ts): a wrong one is just not Telegram's.
    hash: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type TelegramAuthData = Type.Static<typeof TelegramAuthData>;
/** GET auth/telegram/config: the bot the login widget names, or null (no bot: the option is hidden). */
export const TelegramConfig = Type.Object({ bot_name: Nullable(Type.String()) });
export type TelegramConfig = Type.Static<typeof TelegramConfig>;
/** GET profile/telegram: the identity linked to the signed-in user. */
export const TelegramLink = Type.Object({ linked: Type.Boolean(), telegram_id: Nullable(Type.String()) });
export type TelegramLink = Type.Static<typeof TelegramLink>;
