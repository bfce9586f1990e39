import './texts';
import { t } from '../src/i18n';

/** The minimal widget of the foundation; the widget issue fills in search and add-to-deal. */
export function WidgetRoot({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <div className={`sr-widget${theme === 'dark' ? ' sr-widget-dark' : ''}`} data-testid="stockroom-widget">
      <strong>{t('widget.title')}</strong>
    </div>
  );
}
