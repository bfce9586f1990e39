import './texts';
import { useState } from 'react';
import { activeLanguage, LANGUAGES, t } from '../../../src/i18n';
import { changeLanguage } from '../../../src/stores/language';
import { navigateTo } from '../../stores/navigation';
import { RecoveryForm, RegistrationForm, SignInForm } from './forms';
import { TelegramSignIn } from './TelegramSignIn';

type Mode = 'signIn' | 'register' | 'recovery';

/** /authorization: sign in with the product's own password, register with a code, recover a password. */
export default function AuthorizationScreen() {
  const [mode, setMode] = useState<Mode>('signIn');
  const [login, setLogin] = useState('');
  const lang = activeLanguage();

  const backToSignIn = (value: string) => {
    setLogin(value);
    setMode('signIn');
  };

  return (
    <section className="auth-screen" aria-labelledby="auth-title">
      <h1 id="auth-title">{t('app.name')}</h1>
      <div role="tablist" aria-label={t('auth.title')} className="auth-tabs">
        {(['signIn', 'register'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`auth-tab-${tab}`}
            aria-selected={mode === tab || (tab === 'signIn' && mode === 'recovery')}
            aria-controls="auth-panel"
            onClick={() => setMode(tab)}
          >
            {t(tab === 'signIn' ? 'auth.tabSignIn' : 'auth.tabRegister')}
          </button>
        ))}
      </div>
      <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${mode === 'register' ? 'register' : 'signIn'}`}>
        {mode === 'signIn' && (
          <SignInForm
            initialLogin={login}
            onSignedIn={() => navigateTo('/')}
            onForgot={(value) => {
              setLogin(value);
              setMode('recovery');
            }}
          />
        )}
        {mode === 'signIn' && <TelegramSignIn onSignedIn={() => navigateTo('/')} />}
        {mode === 'register' && <RegistrationForm onRegistered={backToSignIn} />}
        {mode === 'recovery' && (
          <>
            <RecoveryForm initialLogin={login} onDone={backToSignIn} />
            <button type="button" className="shell-link" onClick={() => setMode('signIn')}>
              {t('auth.backToSignIn')}
            </button>
          </>
        )}
      </div>
      <div className="auth-languages" role="group" aria-label={t('auth.chooseLanguage')}>
        {LANGUAGES.map((option) => (
          <button key={option} type="button" className="shell-link" aria-pressed={option === lang} lang={option} onClick={() => void changeLanguage(option)}>
            {t(`languages.${option}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
