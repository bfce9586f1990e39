import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * Files attached to an order (spec 2 §7 "Orders": orders/doc/* and orders/custom-doc/*; public mode:
 * public-order/doc/* and public-order/custom-doc/*). 'custom' files are uploaded by staff or the public
 * customer; 'generated' documents come from templates.
 */

/** The largest file orders/custom-doc/upload accepts (bytes); a larger one is refused with 413. */
export const ORDER_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const OrderFileKind = Type.Union([Type.Literal('custom'), Type.Literal('generated')]);
export type OrderFileKind = Type.Static<typeof OrderFileKind>;

export const OrderFile = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  kind: OrderFileKind,
  /** The name the uploader gave (directories and control characters removed); never a path on the server. */
  name: Type.String(),
  mime: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
  /** Shown in the public order. */
  public_visible: Type.Boolean(),
  /** The staff member who uploaded or generated it (null: the public customer). */
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  /** The public customer who uploaded it (null: staff). */
  customer_id: Nullable(Type.Integer()),
  /** Whether the caller may delete it (a public customer: only the files they uploaded). */
  deletable: Type.Boolean(),
  created_at: Type.String(),
});
export type OrderFile = Type.Static<typeof OrderFile>;

export const OrderFileList = Type.Array(OrderFile);
export type OrderFileList = Type.Static<typeof OrderFileList>;

/** orders/custom-doc/delete, orders/doc/delete: the file and the order it belongs to. */
export const OrderFileDeleteQuery = Type.Object({ id: Id, order_id: Id });
export type OrderFileDeleteQuery = Type.Static<typeof OrderFileDeleteQuery>;

/** orders/custom-doc/download: the file (order_id optional: when given, the file must belong to it). */
export const OrderFileDownloadQuery = Type.Object({ id: Id, order_id: Type.Optional(Id) });
export type OrderFileDownloadQuery = Type.Static<typeof OrderFileDownloadQuery>;

/**
 * orders/custom-doc/upload is multipart/form-data with these parts: order_id (text), the file (one,
 * any field name, at most ORDER_FILE_MAX_BYTES) and, for staff, public_visible ('1'/'0', default '1').
 * The answer is the stored OrderFile.
 */
export interface OrderFileUploadFields {
  order_id: number;
  public_visible?: '0' | '1';
}
