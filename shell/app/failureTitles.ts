import type { MessageKey } from '../../src/i18n';

/**
 * What a failed call was trying to do, as the title of its error notification (issue 19 §5: 'Order not saved',
 * not 'Something went wrong...' for every error; the server's message goes in the body). Matched on the path the
 * call went to (public-order paths included) in this order; the first match wins.
 */
const ACTIONS: readonly (readonly [RegExp, MessageKey, ('GET' | 'POST')?])[] = [
  [/^auth\/(login|telegram\/login)$|^public-order\/auth\/login$/, 'notify.failed.signIn'],
  [/^orders\/(update|client-update)$|^public-order\/order\/update$/, 'notify.failed.orderSave'],
  [/^orders\/add$/, 'notify.failed.orderCreate'],
  [/^orders\/delete$/, 'notify.failed.orderDelete'],
  [/^orders\/archive$/, 'notify.failed.orderArchive'],
  [/^orders\/unarchive$/, 'notify.failed.orderRestore'],
  [/^orders\/refund$/, 'notify.failed.orderRefund'],
  [/^orders\/public\/(link|unlink)$/, 'notify.failed.orderLink'],
  [/^orders\/product\/add$|^public-order\/order\/position\/add$/, 'notify.failed.positionAdd'],
  [/^orders\/product\/delete$|^public-order\/order\/position\/delete$/, 'notify.failed.positionRemove'],
  [/(^|\/)(custom-doc|doc)\/delete$/, 'notify.failed.documentDelete'],
  [/(^|\/)(custom-doc\/upload|doc\/generate)$/, 'notify.failed.documentSave'],
  [/^(contact|company)\/delete$/, 'notify.failed.customerDelete'],
  [/^(contact|company)\/(add|update|field\/(add|update|delete)|companies\/\w+|contacts\/\w+)$/, 'notify.failed.customerSave'],
  [/^product\/image\//, 'notify.failed.imageSave'],
  [/^product\/archive(-many)?$/, 'notify.failed.productArchive'],
  [/^product\/unarchive$/, 'notify.failed.productRestore'],
  [/^product\/(add|update|duplicate|price-edit)$/, 'notify.failed.productSave'],
  [/^stock\//, 'notify.failed.stockChange'],
  [/^(orders\/export|product\/stock-export)$/, 'notify.failed.export'],
  [/^facility\/(add|update)$/, 'notify.failed.facilitySave'],
  [/^(user\/update|profile\/)/, 'notify.failed.profileSave'],
  // Its GET reads the profile; only the POST saves it.
  [/^public-order\/profile$/, 'notify.failed.profileSave', 'POST'],
  [/^account\/user\/accept$/, 'notify.failed.invitationAccept'],
  [/^account\/user\//, 'notify.failed.userChange'],
  [/^(account\/update|account\/table-config|orders\/table-config)$/, 'notify.failed.settingsSave'],
];

/** Reads: a list, a card, an autocomplete that did not come. */
const READ = /\/(list|get|autocomplete|config|order)$/;

/** The notification title of a failed call; the spec's global text for a call no entry names. */
export function failureTitle(method: 'GET' | 'POST', path: string): MessageKey {
  const plain = path.replace(/^\//, '').split('?')[0];
  const action = ACTIONS.find(([pattern, , only]) => pattern.test(plain) && (only === undefined || only === method));
  if (action) return action[1];
  if (method === 'GET' || READ.test(plain)) return 'notify.failed.loading';
  return 'errors.global';
}
