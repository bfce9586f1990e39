import './texts';
import { useEffect, useState } from 'react';
import { getTelegramConfig, telegramSignIn } from '../../../src/api/business';
import { activeLanguage, t } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import { FormMessage } from '../../../src/ui/FormField';
import { TelegramLoginButton, telegramSignedFields, type TelegramUser } from '../../../src/ui/TelegramLoginButton';
import { adoptSession } from '../../stores/auth';

/**
 * Sign-in with Telegram (issue 17 §5), beside the product's own password: shown only when the server names a bot
 * (TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME). The widget's signed user is checked by the server, which opens a
 * session as a password sign-in does, or says the Telegram account is linked to no user.
 */
export function TelegramSignIn({ onSignedIn }: { onSignedIn(): void }) {
  const [botName, setBotName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void getTelegramConfig().then((result) => {
      if (current && result.ok) setBotName(result.data.bot_name);
    });
    return () => {
      current = false;
    };
  }, []);

  if (!botName) return null;

  async function signIn(user: TelegramUser) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await telegramSignIn(telegramSignedFields(user));
    setBusy(false);
    if (result.ok && result.data.success && result.data.access_token) {
      adoptSession(result.data.access_token, result.data.scope);
      onSignedIn();
    } else setError(serverErrorText(result.data) || t('errors.somethingWrong'));
  }

  return (
    <div className="auth-telegram" aria-busy={busy} style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 16 }}>
      <TelegramLoginButton botName={botName} lang={activeLanguage()} label={t('telegram.signIn')} frameTitle={t('telegram.frameTitle')} onAuth={(user) => void signIn(user)} />
      <FormMessage tone="error" text={error} />
    </div>
  );
}
