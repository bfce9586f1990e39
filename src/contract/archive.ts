import Type from 'typebox';
import { Id } from './catalogue';

/** orders/archive and orders/unarchive: the order to hide from (or return to) the orders list. */
export const OrderArchiveRequest = Type.Object({ id: Id }, { additionalProperties: false });
export type OrderArchiveRequest = Type.Static<typeof OrderArchiveRequest>;
