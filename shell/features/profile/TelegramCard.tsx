import { useEffect, useState } from 'react';
import { getTelegramConfig, getTelegramLink, linkTelegram, unlinkTelegram } from '../../../src/api/business';
import type { TelegramLink } from '../../../src/contract/business';
import { activeLanguage, t } from '../../../src/i18n';
import { serverErrorText } from '../../../src/i18n/serverErrors';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { FormMessage } from '../../../src/ui/FormField';
import { TelegramLoginButton, telegramSignedFields, type TelegramUser } from '../../../src/ui/TelegramLoginButton';

/**
 * The profile's Telegram link (issue 17 §5): the signed-in user links the Telegram identity the login widget proves
 * (then signs in with it), or unlinks it. Hidden when the server names no bot.
 */
export function TelegramCard() {
  const [botName, setBotName] = useState<string | null>(null);
  const [link, setLink] = useState<TelegramLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new widget after each change, so linking again starts from Telegram's button.
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    void getTelegramConfig().then(async (config) => {
      if (!current || !config.ok || !config.data.bot_name) return;
      const linked = await getTelegramLink();
      if (!current || !linked.ok) return;
      setBotName(config.data.bot_name);
      setLink(linked.data);
    });
    return () => {
      current = false;
    };
  }, []);

  if (!botName || !link) return null;

  async function change(call: () => ReturnType<typeof unlinkTelegram>, done: 'telegram.linkedNotice' | 'telegram.unlinkedNotice') {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await call();
    setBusy(false);
    setRound((value) => value + 1);
    if (!result.ok) return setError(serverErrorText(result.data) || t('errors.somethingWrong'));
    setLink(result.data);
    notify({ type: NotificationType.success, header: t(done) });
  }

  const link_ = (user: TelegramUser) => void change(() => linkTelegram(telegramSignedFields(user)), 'telegram.linkedNotice');

  return (
    <div className="profile-card" role="group" aria-labelledby="profile-telegram" aria-busy={busy}>
      <h2 id="profile-telegram">{t('telegram.title')}</h2>
      <p className="profile-muted">{t(link.linked ? 'telegram.linkedHint' : 'telegram.unlinkedHint')}</p>
      <FormMessage tone="error" text={error} />
      {link.linked ? (
        <button type="button" className="shell-button" disabled={busy} onClick={() => void change(unlinkTelegram, 'telegram.unlinkedNotice')}>
          {t('telegram.unlink')}
        </button>
      ) : (
        <TelegramLoginButton key={round} botName={botName} lang={activeLanguage()} label={t('telegram.link')} frameTitle={t('telegram.frameTitle')} onAuth={link_} />
      )}
    </div>
  );
}
