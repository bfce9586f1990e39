import './texts';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { UserInvitation } from '../../../src/contract/account';
import { t } from '../../../src/i18n';
import { joinAccount, logOut } from '../../stores/auth';
import { $invitations, $invitationsOnly, loadInvitations } from '../../stores/invitations';
import { navigateTo } from '../../stores/navigation';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { formatDateText } from '../../../src/i18n/dates';

// A lazy screen's own CSS file would not be loaded with its chunk, so its few layout rules live here;
// the card, buttons and spinner are the shell's.
const LIST: CSSProperties = { listStyle: 'none', margin: '16px 0', padding: 0, display: 'grid', gap: '8px' };
const ROW: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '12px',
  padding: '10px 12px',
  borderRadius: '8px',
  border: '1px solid var(--color-border, #d8dde8)',
  background: 'var(--color-bg, #fff)',
};
const DATE: CSSProperties = { display: 'block', color: 'var(--color-muted, #5b6478)', fontSize: '0.9em' };

/**
 * /invitations: the accounts that invited the signed-in user, each with an Accept button. A user with no
 * account yet (their sign-in opened only invitations) lands here and can only join or log out; a member may
 * open it too. Accepting loads the account and leads to its start page; a refusal (no free seat, invitation
 * withdrawn) is shown by the transport as a notification with the server's text.
 */
export default function InvitationsScreen() {
  const { status, list } = useStore($invitations);
  const invitationsOnly = useStore($invitationsOnly);
  const [joining, setJoining] = useState<number | null>(null);

  useEffect(() => {
    void loadInvitations();
  }, []);

  async function accept(invitation: UserInvitation) {
    if (joining !== null) return;
    setJoining(invitation.account_id);
    if (await joinAccount(invitation.account_id)) {
      notify({ type: NotificationType.success, header: t('invitations.accepted', { name: invitation.account_name }) });
      navigateTo('/');
    } else {
      setJoining(null);
    }
  }

  function leave() {
    logOut();
    navigateTo('/authorization');
  }

  let body: ReactNode;
  if (list.length > 0) {
    body = (
      <>
        {/* A user with no account yet has the line that says so instead (below the title). */}
        {!invitationsOnly && <p>{t('invitations.intro')}</p>}
        <ul style={LIST} aria-labelledby="invitations-title">
          {list.map((invitation) => {
            const busy = joining === invitation.account_id;
            return (
              <li key={invitation.account_id} style={ROW}>
                <span>
                  <strong id={`invitation-${invitation.account_id}`}>{invitation.account_name}</strong>
                  <span style={DATE}>{t('invitations.invitedAt', { date: formatDateText(invitation.invited_at) })}</span>
                </span>
                <button
                  type="button"
                  className="shell-button shell-button-primary"
                  aria-describedby={`invitation-${invitation.account_id}`}
                  aria-busy={busy}
                  disabled={joining !== null}
                  onClick={() => void accept(invitation)}
                >
                  {busy ? t('invitations.accepting') : t('invitations.accept')}
                </button>
              </li>
            );
          })}
        </ul>
      </>
    );
  } else if (status === 'ready') {
    body = <p>{t('invitations.none')}</p>;
  } else if (status === 'failed') {
    body = (
      <p role="alert">
        {t('errors.somethingWrong')}{' '}
        <button type="button" className="shell-link" onClick={() => void loadInvitations()}>
          {t('app.retry')}
        </button>
      </p>
    );
  } else {
    body = (
      <p className="shell-center" style={{ minHeight: 0 }} role="status" aria-live="polite">
        <span className="shell-spinner" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </p>
    );
  }

  return (
    <section className="status-screen" aria-labelledby="invitations-title" data-testid="invitations">
      <h1 id="invitations-title">{t('invitations.title')}</h1>
      {invitationsOnly && <p>{t('invitations.noAccount')}</p>}
      {body}
      {invitationsOnly ? (
        <button type="button" className="shell-button" onClick={leave}>
          {t('home.logout')}
        </button>
      ) : (
        <button type="button" className="shell-link" onClick={() => navigateTo('/')}>
          {t('app.backHome')}
        </button>
      )}
    </section>
  );
}
