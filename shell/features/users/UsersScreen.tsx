import './texts';
import styles from './users.css?raw';
import { t } from '../../../src/i18n';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { UsersPanel } from './UsersPanel';

adoptStyles(styles);

/** /usersConfiguration: the account's users as a screen of its own (the settings overlay shows the same panel). */
export default function UsersScreen() {
  return (
    <section className="users-page" aria-labelledby="users-title">
      <h1 id="users-title">{t('settings.users')}</h1>
      <UsersPanel />
    </section>
  );
}
