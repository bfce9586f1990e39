import { mapPaths, setHttpClients, toPublicPath, type HttpClients } from '../../src/api/http';
import { type ApiClient, type ApiResult, createClient, type ApiFailure } from '../../src/api/transport';
import { config } from '../../src/config';
import { isPublicMode, PUBLIC_SIGN_IN_PATH, SIGN_IN_PATH } from '../../src/domain/publicMode';
import { t } from '../../src/i18n';
import { $path, isFramed, navigateTo } from '../stores/navigation';
import { notify, NotificationType } from '../../src/stores/notifications';
import { $publicToken, $token, $tokenFailed, clearPublicToken, clearToken } from '../../src/stores/session';

/** Which token a client sends: a 403 clears that one, whatever page is showing. */
export type TokenKind = 'staff' | 'public';

/**
 * The spec's failure rules (spec 2 §8) for the shell's clients: no answer → the network-error notification;
 * 403 → that client's token is cleared and the matching sign-in page shown (the token-error page in a frame);
 * 402 → /many-accounts, or /Error_is_expired when the server says the subscription ended (or, where `paymentRequiredShown`, the body's text as any other error); any other failure is
 * `shown` (withFailureNotices: a notification titled by what the call was doing).
 */
export function shellFailureRules(kind: TokenKind, options: { paymentRequiredShown?: boolean } = {}) {
  return (failure: ApiFailure): void => {
    if (failure.networkError) notify({ type: NotificationType.error, header: t('errors.global'), text: t('errors.network') });
    else if (failure.status === 403) {
      if (kind === 'public') clearPublicToken();
      else {
        clearToken();
        $tokenFailed.set(true);
      }
      navigateTo(isFramed() ? '/Error_token_not_valid' : kind === 'public' ? PUBLIC_SIGN_IN_PATH : SIGN_IN_PATH);
    } else if (failure.status === 402 && !options.paymentRequiredShown) navigateTo(failure.data?.expired ? '/Error_is_expired' : '/many-accounts');
  };
}

let failureNotice: typeof import('./failureNotice') | null = null;
/** Fetched once the clients are connected, so a failure is usually shown at once rather than after a fetch. */
const loadFailureNotice = async () => {
  failureNotice = await import('./failureNotice');
  return failureNotice;
};

/** Whether shellFailureRules left the failure to be shown (not a network error, a 403, or a 402 that moved the page). */
function leftToShow(failure: ApiFailure, paymentRequiredShown: boolean): boolean {
  return !failure.networkError && failure.status !== 403 && (failure.status !== 402 || paymentRequiredShown);
}

/**
 * The client with its failures shown as error notifications titled by the action (failureTitles.ts), the server's
 * text in the body. It wraps the client because the transport's onError is not told which call failed. The titles
 * are fetched on the first failure (a chunk of their own, out of the first load); the call answers once the
 * notification is up, as before.
 */
function withFailureNotices(client: ApiClient, paymentRequiredShown = false): ApiClient {
  const shown =
    <T>(method: 'GET' | 'POST', path: string) =>
    async (result: ApiResult<T>): Promise<ApiResult<T>> => {
      if (!result.ok && leftToShow(result, paymentRequiredShown)) (failureNotice ?? (await loadFailureNotice())).showFailure(method, path, result);
      return result;
    };
  return {
    get: <T>(path: string, params?: Parameters<ApiClient['get']>[1]) => client.get<T>(path, params).then(shown<T>('GET', path)),
    post: <T>(path: string, data?: unknown, params?: Parameters<ApiClient['post']>[2]) => client.post<T>(path, data, params).then(shown<T>('POST', path)),
    send: <T>(...args: Parameters<ApiClient['send']>) => client.send<T>(...args).then(shown<T>(args[0], args[1])),
  };
}

/** Sign-outs happen on the way out: whatever they answer (already ended, offline), nothing is shown. */
const quiet = () => undefined;

/** The shell's HTTP clients, reading its session store's tokens. */
export function shellHttpClients(baseUrl: string): HttpClients {
  const staffToken = () => $token.get();
  const publicToken = () => $publicToken.get();
  return {
    staff: withFailureNotices(createClient({ baseUrl, token: staffToken, onError: shellFailureRules('staff') })),
    // A 402 on invitations means the inviting account has no free seat, not that the caller's is over its limit.
    invitations: withFailureNotices(createClient({ baseUrl, token: staffToken, onError: shellFailureRules('staff', { paymentRequiredShown: true }) }), true),
    public: mapPaths(withFailureNotices(createClient({ baseUrl, token: publicToken, onError: shellFailureRules('public') })), toPublicPath),
    staffSignOut: createClient({ baseUrl, token: staffToken, onError: quiet }),
    publicSignOut: createClient({ baseUrl, token: publicToken, onError: quiet }),
    publicMode: () => isPublicMode({ path: $path.get() }),
  };
}

/** Hands the shell's clients to src/api (called by bootstrap before anything calls the server). */
export function connectHttpClients(): void {
  setHttpClients(shellHttpClients(config.apiBase));
  void loadFailureNotice();
}
