/*
 * Stockroom in a Bitrix24 deal: the placement page of the deal detail tab (CRM_DEAL_DETAIL_TAB). The
 * portal opens /bitrix24/placement.html?account=<id> in its frame; this script asks the BX24 JS library
 * which deal is open (BX24.placement.info().options.ID) and the portal's language, and mounts the widget
 * with the Bitrix24 calls (/integration/bitrix/widget/…). The frame is resized to the widget as it grows
 * (BX24.resizeWindow).
 *
 * The token is short-lived: the portal's auth of this user (BX24.getAuth(): domain, access_token,
 * member_id) goes to POST /integration/bitrix/token, which asks the connected portal itself whether it
 * is valid and answers a Stockroom token of minutes for the account that connected the portal. When
 * the portal's auth has run out it is renewed first (BX24.refreshAuth). The Stockroom token is renewed
 * before it runs out and handed to the widget ('context' event), as the amoCRM script does. No
 * long-lived token is taken from the handler address or from this browser's storage.
 */
(function () {
  'use strict';

  var TAG = 'stockroom-bridge';
  /** Renewed this long before it runs out, so a call in flight never carries an expired token. */
  var RENEW_BEFORE_MS = 60000;

  function show(win, root, text) {
    var message = win.document.createElement('p');
    message.className = 'placement-message';
    message.textContent = text;
    root.appendChild(message);
  }

  /** The Stockroom account the handler address names (?account=<id>), if any. */
  function accountOf(win) {
    var value = new URLSearchParams(win.location.search).get('account') || '';
    return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined;
  }

  /** The portal's auth for this user: BX24.getAuth(), or a renewed one (BX24.refreshAuth) when asked or when it has run out. */
  function portalAuth(BX24, renew) {
    return new Promise(function (resolve) {
      var auth = !renew && BX24 && BX24.getAuth ? BX24.getAuth() : false;
      if (auth && auth.access_token) resolve(auth);
      else if (BX24 && BX24.refreshAuth) {
        BX24.refreshAuth(function (fresh) {
          resolve(fresh && fresh.access_token ? fresh : null);
        });
      } else resolve(null);
    });
  }

  /** A Stockroom token of minutes for the portal's auth ({ access_token, expires_at, account_id }), or null when refused. */
  function exchange(win, BX24, renew) {
    return portalAuth(BX24, renew)
      .then(function (auth) {
        if (!auth) return null;
        return win
          .fetch(win.location.origin + '/integration/bitrix/token', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ domain: auth.domain, access_token: auth.access_token, member_id: auth.member_id, account: accountOf(win) }),
          })
          .then(function (response) {
            return response.ok ? response.json() : null;
          });
      })
      .catch(function () {
        return null;
      });
  }

  /** The auth as BX24 holds it first; refused (it may have run out meanwhile), once more with a renewed one. */
  function session(win, BX24) {
    return exchange(win, BX24, false).then(function (answer) {
      return answer && answer.access_token ? answer : exchange(win, BX24, true);
    });
  }

  /** Mounts the widget for the placement's deal; returns the unmount function, or null when it cannot. */
  function startPlacement(win) {
    var root = win.document.getElementById('stockroom-placement');
    var BX24 = win.BX24;
    if (!win.StockroomWidget) {
      show(win, root, 'Stockroom widget.js did not load.');
      return Promise.resolve(null);
    }
    var renewTimer = null;
    var stopped = false;

    /** Before the token runs out, a new one goes to the widget on this page. */
    function scheduleRenewal(current) {
      var expiresAt = Date.parse(current.expires_at) || 0;
      renewTimer = win.setTimeout(function () {
        session(win, BX24).then(function (next) {
          if (!next || stopped) return;
          win.postMessage({ tag: TAG, v: 1, kind: 'event', type: 'context', payload: { token: next.access_token } }, win.location.origin);
          scheduleRenewal(next);
        });
      }, Math.max(1000, expiresAt - Date.now() - RENEW_BEFORE_MS));
    }

    return new Promise(function (resolve) {
      function mount() {
        var info = BX24 && BX24.placement && BX24.placement.info ? BX24.placement.info() : { options: {} };
        var options = (info && info.options) || {};
        var leadId = Number(options.ID || options.id || new URLSearchParams(win.location.search).get('lead')) || null;
        var portalLang = BX24 && BX24.getLang ? String(BX24.getLang()).slice(0, 2) : '';
        session(win, BX24).then(function (current) {
          if (!current) {
            show(win, root, 'Stockroom could not confirm this Bitrix24 user: the portal is not connected to a Stockroom account, or its authorization was refused. Reopen the deal tab.');
            resolve(null);
            return;
          }
          var unmountWidget = win.StockroomWidget.mount(root, {
            leadId: leadId,
            token: current.access_token,
            lang: portalLang === 'ru' ? 'ru' : portalLang === 'en' ? 'en' : undefined,
            place: 'cardTab',
            crm: 'bitrix24',
            appUrl: win.location.origin,
          });
          scheduleRenewal(current);
          if (BX24 && BX24.resizeWindow && typeof win.ResizeObserver === 'function') {
            new win.ResizeObserver(function () {
              BX24.resizeWindow(win.document.body.scrollWidth, Math.max(200, win.document.body.scrollHeight));
            }).observe(root);
          }
          resolve(function unmount() {
            stopped = true;
            win.clearTimeout(renewTimer);
            unmountWidget();
          });
        });
      }
      if (BX24 && BX24.init) BX24.init(mount);
      else mount();
    });
  }

  if (typeof module === 'object' && module.exports) module.exports = { startPlacement: startPlacement };
  else window.addEventListener('DOMContentLoaded', function () {
    startPlacement(window);
  });
})();
