import { beforeEach, describe, expect, it } from 'vitest';
import { setNavigator } from '../../../shell/stores/navigation';
import { $publicAuth, $publicExchange, $publicToken, $token, $tokenFailed, clearSession, saveToken } from '../../../src/stores/session';
import { persistentAtom } from '../../../src/stores/storage';

const navigations: string[] = [];
beforeEach(() => {
  clearSession();
  $publicExchange.set('idle');
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
});

describe('session persistence (spec keys TOKEN, POTOKEN, POAuth)', () => {
  it('saving the token writes localStorage TOKEN and clears the failed flag', () => {
    $tokenFailed.set(true);
    saveToken('abc');
    expect(localStorage.getItem('TOKEN')).toBe('abc');
    expect($tokenFailed.get()).toBe(false);
  });

  it('a persistent atom starts from what localStorage holds and removes the key on null', () => {
    localStorage.setItem('probe', 'kept');
    const probe = persistentAtom('probe');
    expect(probe.get()).toBe('kept');
    probe.set(null);
    expect(localStorage.getItem('probe')).toBeNull();
  });

  it('clearSession forgets both tokens and POAuth', () => {
    $token.set('a');
    $publicToken.set('b');
    $publicAuth.set('1');
    clearSession();
    expect([localStorage.getItem('TOKEN'), localStorage.getItem('POTOKEN'), localStorage.getItem('POAuth')]).toEqual([null, null, null]);
  });
});

describe('blocked storage (third-party frames, privacy modes)', () => {
  it('a persistent atom keeps working in memory when localStorage throws', () => {
    const storage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      const token = persistentAtom('TOKEN');
      expect(token.get()).toBeNull();
      token.set('in-memory');
      expect(token.get()).toBe('in-memory');
    } finally {
      if (storage) Object.defineProperty(globalThis, 'localStorage', storage);
    }
  });
});
