import './texts';
import styles from './accountSettings.css?raw';
import { useStore } from '@nanostores/react';
import { memberHasRight } from '../../../src/domain/rights';
import { $account } from '../../../src/stores/account';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { GeneralForm } from './GeneralForm';

adoptStyles(styles);

/** Settings → general: the same form as /accountSettings, inside the settings overlay. */
export default function GeneralSection() {
  const { account, user } = useStore($account);
  return account ? <GeneralForm key={`${account.id}:${account.landing_path}:${account.separate_rights}`} account={account} canEdit={memberHasRight(user, account, 'admin')} /> : null;
}
