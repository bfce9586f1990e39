import type { ColumnDisplayContext } from '../domain/tableColumns';
import { formatDateTimeText } from './dates';
import { formatAmount } from './numbers';

/** The interface language's number and date texts for table cells (src/domain/tableColumns stays language-free). */
export const LOCALE_COLUMN_FORMATS: Pick<ColumnDisplayContext, 'formatNumber' | 'formatDateTime'> = {
  formatNumber: (value) => formatAmount(value),
  formatDateTime: formatDateTimeText,
};
