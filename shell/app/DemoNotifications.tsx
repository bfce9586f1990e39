import { t } from '../../src/i18n';
import { notify, NotificationType } from '../../src/stores/notifications';

export const DEMO_NOTIFICATION_GAP_MS = 400;

const SAMPLES = [
  { type: NotificationType.info, header: 'demo.infoTitle', text: 'demo.infoText' },
  { type: NotificationType.success, header: 'demo.successTitle', text: 'demo.successText' },
  { type: NotificationType.warning, header: 'demo.warningTitle', text: 'demo.warningText' },
  { type: NotificationType.error, header: 'demo.errorTitle', text: 'demo.errorText' },
] as const;

/** Plays the four sample notifications 400 ms apart. */
export function playDemoNotifications(): void {
  SAMPLES.forEach((sample, index) => {
    setTimeout(() => notify({ type: sample.type, header: t(sample.header), text: t(sample.text) }), index * DEMO_NOTIFICATION_GAP_MS);
  });
}

export function DemoNotifications() {
  return (
    <button type="button" className="shell-button shell-demo-button" data-testid="demo-notifications" onClick={playDemoNotifications}>
      {t('demo.play')}
    </button>
  );
}
