import { describe, expect, it } from 'vitest';
import { $displayMode, resetDisplayMode, setDisplayMode, toggleDisplayMode } from '../../../../shell/features/deal/displayMode';

describe('display mode store', () => {
  it('card is the default; list can be chosen, toggled and reset to card', () => {
    expect($displayMode.get()).toBe('card');
    setDisplayMode('list');
    expect($displayMode.get()).toBe('list');
    toggleDisplayMode();
    expect($displayMode.get()).toBe('card');
    setDisplayMode('list');
    resetDisplayMode();
    expect($displayMode.get()).toBe('card');
  });
});
