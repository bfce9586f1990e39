import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate } from '../../../shell/app/hashLocation';
import { listenToLocation, syncLocation } from '../../../shell/app/locationSync';
import { listenToSettingsAddress } from '../../../shell/app/settingsAddress';
import { onLocationChange, screenAddress, setLeaveGuard, type LocationChange } from '../../../shell/stores/navigation';
import { $overlays, closeAllOverlays } from '../../../shell/stores/overlays';

let stops: (() => void)[] = [];
let announced: LocationChange[] = [];
let asked: string[] = [];

beforeEach(() => {
  window.history.replaceState(null, '', '/#/addToDeal?order_id=5');
  syncLocation();
  closeAllOverlays();
  announced = [];
  asked = [];
  stops = [listenToLocation(window), onLocationChange((change) => announced.push(change)), listenToSettingsAddress(window)];
});
afterEach(() => {
  for (const stop of stops) stop();
  setLeaveGuard(null);
});

describe('rule: the settings overlay lives in the address without moving the screen underneath', () => {
  it('screenAddress drops only the overlay parameters', () => {
    expect(screenAddress('/addToDeal?order_id=5&settings=users')).toBe('/addToDeal?order_id=5');
    expect(screenAddress('/orders?settings=general')).toBe('/orders');
    expect(screenAddress('/orders?page=2')).toBe('/orders?page=2');
  });

  it('opening and closing settings by address opens and closes the overlay; a screen holding unsaved work is not asked, and screens are not told', () => {
    setLeaveGuard((to) => {
      asked.push(to);
      return true;
    });
    navigate('/addToDeal?order_id=5&settings=general');
    expect(location.hash).toBe('#/addToDeal?order_id=5&settings=general');
    expect($overlays.get().settings).toBe(true);
    navigate('/addToDeal?order_id=5&settings=users');
    navigate('/addToDeal?order_id=5');
    expect($overlays.get().settings).toBe(false);
    expect(asked).toEqual([]);
    expect(announced).toEqual([]);

    // A real move of the screen is still held and asked about.
    navigate('/orders?settings=general');
    expect(asked).toEqual(['/orders?settings=general']);
    expect(location.hash).toBe('#/addToDeal?order_id=5');
  });

  it('a move of the screen is still announced', () => {
    navigate('/orders?settings=general');
    expect(announced).toEqual([{ path: '/orders', search: 'settings=general' }]);
    expect($overlays.get().settings).toBe(true);
  });
});
