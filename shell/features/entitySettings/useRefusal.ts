import { useState } from 'react';
import type { ApiFailure } from '../../../src/api/transport';
import { t, type MessageKey, type MessageParams } from '../../../src/i18n';
import { refusalOf } from './rules';

/** The message a settings panel shows under its controls: the last refusal, in the interface language when known. */
export function useRefusal() {
  const [message, setMessage] = useState('');
  return {
    message,
    clear: () => setMessage(''),
    show: (key: MessageKey, params?: MessageParams) => setMessage(t(key, params)),
    failed: (failure: ApiFailure) => {
      const refusal = refusalOf(failure);
      setMessage('text' in refusal ? refusal.text : t(refusal.key, refusal.params));
    },
  };
}
