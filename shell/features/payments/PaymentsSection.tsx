import './texts';
import styles from './payments.css?raw';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { useEffect, useState, type FormEvent } from 'react';
import { getPaymentSettings, savePaymentSettings, testPaymentConnection } from '../../../src/api/payments';
import type { PaymentProvider, PaymentSettings, PaymentSettingsUpdate, PaymentTestAnswer } from '../../../src/contract/payments';
import { t, type MessageKey } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import PaymentLog from './PaymentLog';

adoptStyles(styles);

type KeyName = 'yookassa_shop_id' | 'yookassa_secret_key' | 'stripe_secret_key' | 'stripe_webhook_secret';

const KEYS: Record<PaymentProvider, readonly { name: KeyName; label: MessageKey; secret: boolean }[]> = {
  yookassa: [
    { name: 'yookassa_shop_id', label: 'payments.shopId', secret: false },
    { name: 'yookassa_secret_key', label: 'payments.secretKey', secret: true },
  ],
  stripe: [
    { name: 'stripe_secret_key', label: 'payments.secretKey', secret: true },
    { name: 'stripe_webhook_secret', label: 'payments.webhookSecret', secret: true },
  ],
};

/** What the server shows of a stored key: the shop ID whole, secrets masked. */
function storedOf(settings: PaymentSettings, name: KeyName): string | null {
  if (name === 'yookassa_shop_id') return settings.yookassa.shop_id;
  if (name === 'yookassa_secret_key') return settings.yookassa.secret_key;
  if (name === 'stripe_secret_key') return settings.stripe.secret_key;
  return settings.stripe.webhook_secret;
}

/**
 * Settings → Payments (admins): the provider customers pay through — YooKassa (roubles) or Stripe (dollars) — and its
 * keys. Keys are write-only: the stored ones show masked, an empty field keeps them; 'Test connection' tries them.
 */
export default function PaymentsSection() {
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  const [provider, setProvider] = useState<PaymentProvider | null>(null);
  const [keys, setKeys] = useState<Partial<Record<KeyName, string>>>({});
  const [test, setTest] = useState<PaymentTestAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const take = (next: PaymentSettings) => {
    setSettings(next);
    setProvider(next.provider);
    setKeys({});
  };
  useEffect(() => {
    void getPaymentSettings().then((answer) => answer.ok && take(answer.data));
  }, []);
  if (!settings) return <p role="status">{t('app.loading')}</p>;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const body: PaymentSettingsUpdate = { provider, ...Object.fromEntries(Object.entries(keys).filter(([, value]) => value?.trim())) };
    const answer = await savePaymentSettings(body);
    setBusy(false);
    if (answer.ok) {
      take(answer.data);
      setTest(null);
      notify({ type: NotificationType.success, header: t('payments.saved') });
    }
  };
  const runTest = async () => {
    setBusy(true);
    const answer = await testPaymentConnection();
    setBusy(false);
    if (answer.ok) setTest(answer.data);
  };

  return (
    <>
      <form className="payments-section" onSubmit={(event) => void save(event)}>
        <h2>{t('payments.title')}</h2>
        <p>{t('payments.intro')}</p>
        <fieldset>
          <legend>{t('payments.provider')}</legend>
          {([null, 'yookassa', 'stripe'] as const).map((option) => (
            <label key={option ?? 'none'}>
              <input type="radio" name="payment-provider" checked={provider === option} onChange={() => setProvider(option)} />
              {t(option === null ? 'payments.none' : option === 'yookassa' ? 'payments.yookassa' : 'payments.stripe')}
            </label>
          ))}
        </fieldset>
        {provider
          ? KEYS[provider].map((key) => {
              const stored = storedOf(settings, key.name);
              return (
                <label key={key.name}>
                  {t(key.label)}
                  <input
                    type={key.secret ? 'password' : 'text'}
                    autoComplete="off"
                    name={key.name}
                    value={keys[key.name] ?? ''}
                    placeholder={stored ?? ''}
                    onChange={(event) => setKeys({ ...keys, [key.name]: event.target.value })}
                  />
                  {stored ? <small>{t('payments.storedKey', { key: stored })}</small> : null}
                </label>
              );
            })
          : null}
        {provider ? (
          <p className="payments-section__webhook">
            {t('payments.webhookUrl')}: <code>{settings.webhook_urls[provider]}</code>
          </p>
        ) : null}
        <p>
          <button type="submit" className="shell-button shell-button--primary" disabled={busy}>
            {t('payments.save')}
          </button>
          {settings.provider ? (
            <button type="button" className="shell-button" disabled={busy} onClick={() => void runTest()}>
              {t('payments.test')}
            </button>
          ) : null}
        </p>
        {test ? (
          <p role="status" data-test-result={test.ok ? 'ok' : 'failed'}>
            {test.ok ? t('payments.testOk') : t('payments.testFailed', { reason: test.message })}
          </p>
        ) : null}
      </form>
      <PaymentLog />
    </>
  );
}
