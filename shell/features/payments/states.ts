import type { PaymentState } from '../../../src/contract/payments';
import type { MessageKey } from '../../../src/i18n';

/** How each payment state reads to customer and staff. */
export const STATE_TEXT: Record<PaymentState, MessageKey> = {
  pending: 'payments.statePending',
  succeeded: 'payments.statePaid',
  canceled: 'payments.stateCanceled',
  partly_refunded: 'payments.statePartlyRefunded',
  refunded: 'payments.stateRefunded',
};
