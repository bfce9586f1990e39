import './texts';
import styles from './publicOrder.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { activeLanguage, LANGUAGES, t } from '../../../src/i18n';
import { changeLanguage } from '../../../src/stores/language';
import { $path } from '../../stores/navigation';
import { $publicSession, loadPublicSession } from './publicSession';
import { $publicToken } from '../../../src/stores/session';
import { ORDER_LIST_PATH, PROFILE_PATH } from './paths';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(styles);


/**
 * The header of every public-order page: the product and the seller, the 'my orders' button (always: it is
 * how a customer gets back to the list from anywhere), the profile once signed in, and the language.
 * No staff navigation.
 */
export default function PublicHeader() {
  const path = useStore($path);
  const token = useStore($publicToken);
  const { config } = useStore($publicSession);
  const lang = activeLanguage();

  useEffect(() => {
    if (token) void loadPublicSession();
  }, [token]);

  const customer = config?.user?.name || config?.user?.email;
  return (
    <header className="shell-header public-header">
      <span className="public-brand">
        <span className="shell-brand">{t('app.name')}</span>
        {config && <span className="public-seller">{config.account.name}</span>}
      </span>
      <nav aria-label={t('publicOrder.areaLabel')} className="public-nav">
        <a className="shell-button public-my-orders" href={`#${ORDER_LIST_PATH}`} aria-current={path === ORDER_LIST_PATH ? 'page' : undefined}>
          {t('publicOrder.myOrders')}
        </a>
        {token && (
          <a className="shell-button" href={`#${PROFILE_PATH}`} aria-current={path === PROFILE_PATH ? 'page' : undefined}>
            {t('publicOrder.profile')}
          </a>
        )}
        {token && customer && <span className="public-customer">{customer}</span>}
      </nav>
      <div className="public-languages" role="group" aria-label={t('publicOrder.language')}>
        {LANGUAGES.map((option) => (
          <button key={option} type="button" className="shell-link" aria-pressed={option === lang} lang={option} onClick={() => void changeLanguage(option)}>
            {t(`languages.${option}`)}
          </button>
        ))}
      </div>
    </header>
  );
}
