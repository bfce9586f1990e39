import { t } from '../../../src/i18n';
import { StockDialogs } from './operations/StockDialogs';
import { StockOperationsBar } from './operations/StockOperationsBar';
import './texts';

/** /remnants, the home screen: goods and services with their balances (issue 13 §2 builds it out). */
export default function RemnantsScreen() {
  return (
    <section aria-labelledby="remnants-title">
      <h1 id="remnants-title">{t('stock.title')}</h1>
      <StockOperationsBar />
      <StockDialogs />
    </section>
  );
}
