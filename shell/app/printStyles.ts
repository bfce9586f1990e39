import css from './print.css?raw';
import { adoptStyles } from '../../src/ui/adoptStyles';

/** The print stylesheet (print.css), put into the page once the app has started (shell/main.tsx). */
adoptStyles(css);
