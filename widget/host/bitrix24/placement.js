/*
 * Stockroom in a Bitrix24 deal: the placement page of the deal detail tab (CRM_DEAL_DETAIL_TAB). The
 * portal opens /bitrix24/placement.html in its frame; this script asks the BX24 JS library which deal
 * is open (BX24.placement.info().options.ID), the portal's language, and mounts the widget with the
 * Bitrix24 calls (/integration/bitrix/widget/…). The Stockroom token comes from the handler address
 * (?token=…, set when the placement is bound) or from a Stockroom sign-in in this browser (TOKEN).
 * The frame is resized to the widget as it grows (BX24.resizeWindow).
 */
(function () {
  'use strict';

  function tokenOf(win) {
    var fromQuery = new URLSearchParams(win.location.search).get('token');
    if (fromQuery) return fromQuery;
    try {
      return win.localStorage.getItem('TOKEN');
    } catch (error) {
      return null;
    }
  }

  function show(win, root, text) {
    var message = win.document.createElement('p');
    message.className = 'placement-message';
    message.textContent = text;
    root.appendChild(message);
  }

  /** Mounts the widget for the placement's deal; returns the unmount function, or null when it cannot. */
  function startPlacement(win) {
    var root = win.document.getElementById('stockroom-placement');
    var BX24 = win.BX24;
    if (!win.StockroomWidget) {
      show(win, root, 'Stockroom widget.js did not load.');
      return Promise.resolve(null);
    }
    return new Promise(function (resolve) {
      function mount() {
        var info = BX24 && BX24.placement && BX24.placement.info ? BX24.placement.info() : { options: {} };
        var options = (info && info.options) || {};
        var leadId = Number(options.ID || options.id || new URLSearchParams(win.location.search).get('lead')) || null;
        var portalLang = BX24 && BX24.getLang ? String(BX24.getLang()).slice(0, 2) : '';
        var token = tokenOf(win);
        if (!token) show(win, root, 'Sign in to Stockroom in this browser, or add ?token=… to the placement handler address.');
        var unmount = win.StockroomWidget.mount(root, {
          leadId: leadId,
          token: token,
          lang: portalLang === 'ru' ? 'ru' : portalLang === 'en' ? 'en' : undefined,
          place: 'cardTab',
          crm: 'bitrix24',
          appUrl: win.location.origin,
        });
        if (BX24 && BX24.resizeWindow && typeof win.ResizeObserver === 'function') {
          var observer = new win.ResizeObserver(function () {
            BX24.resizeWindow(win.document.body.scrollWidth, Math.max(200, win.document.body.scrollHeight));
          });
          observer.observe(root);
        }
        resolve(unmount);
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
