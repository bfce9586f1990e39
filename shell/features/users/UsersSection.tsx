import './texts';
import styles from './users.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { UsersPanel } from './UsersPanel';

adoptStyles(styles);

/** Settings → users: the same panel as /usersConfiguration. */
export default function UsersSection() {
  return <UsersPanel />;
}
