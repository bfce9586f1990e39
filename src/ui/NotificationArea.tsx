import { useStore } from '@nanostores/react';
import { t } from '../i18n';
import { $notifications, closeNotification, type Notification, type NotificationTypeCode } from '../stores/notifications';

export interface NotificationAreaProps {
  /** Accessible name of the area; defaults to the translated 'Notifications'. */
  label?: string;
  className?: string;
}

const TYPE_CLASS: Record<NotificationTypeCode, string> = {
  0: 'info',
  1: 'success',
  2: 'warning',
  3: 'error',
};

const TYPE_ICON: Record<NotificationTypeCode, string> = {
  0: 'i',
  1: '✓',
  2: '!',
  3: '×',
};

function renderNotification(notification: Notification) {
  const kind = TYPE_CLASS[notification.type];
  const classes = ['ui-notification', `ui-notification--${kind}`];
  if (notification.show) classes.push('ui-notification--shown');
  return (
    <div key={notification.id} className={classes.join(' ')} data-notification-id={notification.id}>
      <span className="ui-notification__icon" aria-hidden="true">
        {TYPE_ICON[notification.type]}
      </span>
      <div className="ui-notification__body">
        <p className="ui-notification__header">{notification.header}</p>
        {notification.text ? <p className="ui-notification__text">{notification.text}</p> : null}
        {notification.action ? (
          <button
            type="button"
            className="ui-notification__action"
            onClick={() => {
              closeNotification(notification.id);
              notification.action?.run();
            }}
          >
            {notification.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className="ui-notification__close"
        aria-label={`${t('controls.close')}: ${notification.header}`}
        onClick={() => closeNotification(notification.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Shows the notification store. Errors go to an assertive live region, the rest to a polite
 * one; both regions always exist so screen readers announce what is added to them.
 */
export function NotificationArea(props: NotificationAreaProps) {
  const notifications = useStore($notifications);
  const errors = notifications.filter((n) => n.type === 3);
  const others = notifications.filter((n) => n.type !== 3);
  return (
    <section
      className={props.className ? `ui-notifications ${props.className}` : 'ui-notifications'}
      aria-label={props.label ?? t('controls.notificationsLabel')}
    >
      <div className="ui-notifications__list ui-notifications__list--alert" role="alert" aria-live="assertive" aria-relevant="additions">
        {errors.map(renderNotification)}
      </div>
      <div className="ui-notifications__list" role="status" aria-live="polite" aria-relevant="additions">
        {others.map(renderNotification)}
      </div>
    </section>
  );
}
