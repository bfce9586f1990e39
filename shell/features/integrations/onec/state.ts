import { useCallback, useEffect, useState } from 'react';
import type { OneCSettings, OneCSettingsUpdate } from '../../../../src/contract/onec';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { getOneCSettings, saveOneCSettings, switchOneC } from './api';

/** The 1C settings as the three panels read and change them: loaded once per panel, saved part by part. */
export function useOneCSettings() {
  const [settings, setSettings] = useState<OneCSettings | null>(null);
  const load = useCallback(async () => {
    const answer = await getOneCSettings();
    if (answer.ok) setSettings(answer.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const save = async (body: OneCSettingsUpdate) => {
    // A checkbox or a select shows the change at once, not after the round trip; a refusal puts the saved settings back.
    const { password: _password, ...shown } = body;
    setSettings((current) => (current ? { ...current, ...shown } : current));
    const answer = await saveOneCSettings(body);
    if (!answer.ok) {
      await load();
      return false;
    }
    setSettings(answer.data);
    notify({ type: NotificationType.success, header: t('integrations.onec.saved') });
    return true;
  };
  const setEnabled = async (on: boolean) => {
    const answer = await switchOneC(on);
    if (answer.ok) setSettings(answer.data);
  };
  return { settings, save, setEnabled };
}
