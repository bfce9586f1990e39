import { notify } from '../../locales/en.json';
import type { ApiFailure } from '../../src/api/transport';
import { registerTexts, t } from '../../src/i18n';
import { serverErrorText } from '../../src/i18n/serverErrors';
import { notify as addNotification, NotificationType } from '../../src/stores/notifications';
import { failureTitle } from './failureTitles';

// The failure titles travel in this chunk (httpClients.ts fetches it on the first failure), not in the first load.
registerTexts({ notify });

/** A failed call's error notification: titled by what the call was doing, the server's text in the body (translated when it carries a known code). */
export function showFailure(method: 'GET' | 'POST', path: string, failure: ApiFailure): void {
  addNotification({ type: NotificationType.error, header: t(failureTitle(method, path)), text: serverErrorText(failure.data) });
}
