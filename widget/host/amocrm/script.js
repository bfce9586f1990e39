/*
 * Stockroom for amoCRM/Kommo: the widget archive's script, in the AMD form amoCRM loads (define with
 * the callbacks it calls). In the deal card (area 'lcard') it loads widget.js from the Stockroom server
 * named in the widget settings and mounts it in the right column; on the advanced-settings page it
 * frames the full Stockroom app. It is the host side of Stockroom's bridge (src/bridge/protocol.ts) on
 * this page: it answers the widget's and the framed app's 'context' and 'token' requests with the deal,
 * the language, the theme and the token, and takes their events (resize, refreshCard, openApp, notify).
 *
 * The token is short-lived: amoCRM's `$authorizedAjax` sends its disposable token (X-Auth-Token, signed
 * with the integration's secret) to POST /integration/amocrm/token, which answers a Stockroom token of
 * minutes for the account that connected this integration. It is renewed before it runs out and handed
 * to the widgets and the framed app again ('context' event). No long-lived token is typed into the
 * settings; only a page without `$authorizedAjax` (the demo CRM page) gives one of its own (api_key).
 * The framed app is opened as /?account=<id> so only this account's connected CRM origins may frame it.
 */
define([], function () {
  'use strict';

  var TAG = 'stockroom-bridge';
  var scripts = {};

  /** widget.js once per server and page, however many cards open. */
  function loadWidgetScript(server) {
    if (window.StockroomWidget) return Promise.resolve(window.StockroomWidget);
    if (!scripts[server]) {
      scripts[server] = new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.src = server + '/widget.js';
        script.async = true;
        script.onload = function () {
          if (window.StockroomWidget) resolve(window.StockroomWidget);
          else reject(new Error('widget.js did not start'));
        };
        script.onerror = function () {
          delete scripts[server];
          reject(new Error(script.src + ' did not load'));
        };
        document.head.appendChild(script);
      });
    }
    return scripts[server];
  }

  function originOf(url) {
    try {
      return new URL(url).origin;
    } catch (_error) {
      return '';
    }
  }

  function respond(target, origin, message, payload) {
    target.postMessage({ tag: TAG, v: 1, kind: 'response', id: message.id, ok: true, payload: payload }, origin);
  }

  return function StockroomWidget() {
    var self = this;
    var mounted = null;
    var listeners = [];
    // Bumped by every render and destroy: a widget.js that finishes loading after either mounts nothing.
    var generation = 0;
    var appFrame = null;

    function settings() {
      return (self.get_settings && self.get_settings()) || {};
    }
    function server() {
      return String(settings().server_url || '').trim().replace(/\/+$/, '');
    }
    function text(key) {
      var messages = (self.i18n && self.i18n('messages')) || {};
      return messages[key] || key;
    }
    function area() {
      return (self.system && self.system().area) || '';
    }
    function lang() {
      var amo = window.AMOCRM || {};
      var code = String(amo.lang_id || document.documentElement.lang || 'en').slice(0, 2);
      return code === 'ru' ? 'ru' : 'en';
    }
    function theme() {
      return document.body.classList.contains('theme-dark') ? 'dark' : 'light';
    }
    function leadId() {
      var card = window.AMOCRM && window.AMOCRM.data && window.AMOCRM.data.current_card;
      return card && card.id ? Number(card.id) : null;
    }
    /** The Stockroom session this page holds: { token, expiresAt (ms), accountId }, or null. */
    var session = null;
    var pending = null;
    var renewTimer = null;
    /** Renewed this long before it runs out, so a call in flight never carries an expired token. */
    var RENEW_BEFORE_MS = 60000;

    function sessionOf(answer) {
      return answer && answer.access_token
        ? { token: answer.access_token, expiresAt: Date.parse(answer.expires_at) || 0, accountId: answer.account_id || null }
        : null;
    }
    /** A token with time left: the one held, else a new one for amoCRM's disposable token (null when refused). */
    function freshSession() {
      var key;
      if (session && session.expiresAt - Date.now() > RENEW_BEFORE_MS) return Promise.resolve(session);
      if (typeof self.$authorizedAjax !== 'function') {
        key = settings().api_key;
        return Promise.resolve(key ? { token: key, expiresAt: Infinity, accountId: settings().account_id || null } : null);
      }
      if (!pending) {
        pending = new Promise(function (resolve) {
          self
            .$authorizedAjax({ url: server() + '/integration/amocrm/token', method: 'POST', dataType: 'json' })
            .done(function (answer) {
              session = sessionOf(answer);
              pending = null;
              resolve(session);
              scheduleRenewal();
            })
            .fail(function () {
              pending = null;
              resolve(null);
            });
        });
      }
      return pending;
    }
    /** Before the token runs out, a new one goes to every widget and frame on this page. */
    function scheduleRenewal() {
      clearTimeout(renewTimer);
      if (!session || !Number.isFinite(session.expiresAt)) return;
      renewTimer = setTimeout(function () {
        freshSession().then(function (next) {
          if (!next) return;
          var event = { tag: TAG, v: 1, kind: 'event', type: 'context', payload: { token: next.token } };
          window.postMessage(event, location.origin);
          if (appFrame && appFrame.contentWindow) appFrame.contentWindow.postMessage(event, originOf(server()));
        });
      }, Math.max(1000, session.expiresAt - Date.now() - RENEW_BEFORE_MS));
    }
    function context(place) {
      return freshSession().then(function (current) {
        return { leadId: leadId(), lang: lang(), theme: theme(), token: current ? current.token : null, place: place };
      });
    }
    function tokenAnswer() {
      return freshSession().then(function (current) {
        return { token: current ? current.token : null };
      });
    }
    function listen(handler) {
      window.addEventListener('message', handler);
      listeners.push(handler);
    }

    /** The widget in this window: its requests and events come from this page's own origin and window. */
    function hostTheWidget() {
      listen(function (event) {
        var message = event.data;
        if (event.origin !== location.origin || event.source !== window || !message || message.tag !== TAG) return;
        if (message.kind === 'request' && message.type === 'context') context('rightColumn').then(respond.bind(null, window, location.origin, message));
        if (message.kind === 'request' && message.type === 'token') tokenAnswer().then(respond.bind(null, window, location.origin, message));
        if (message.kind === 'event' && message.type === 'openApp') window.open(server() + '/#' + message.payload.path, '_blank', 'noopener');
        if (message.kind === 'event' && message.type === 'refreshCard') {
          // The CRM page decides how its card shows the change; tell it.
          document.dispatchEvent(new CustomEvent('stockroom:refresh-card', { detail: message.payload }));
        }
      });
    }

    /** The full app in a frame: it asks for its context and reports its height. */
    function hostTheApp(frame) {
      var origin = originOf(server());
      listen(function (event) {
        var message = event.data;
        if (event.origin !== origin || event.source !== frame.contentWindow || !message || message.tag !== TAG) return;
        if (message.kind === 'request' && message.type === 'context') context('app').then(respond.bind(null, frame.contentWindow, origin, message));
        if (message.kind === 'request' && message.type === 'token') tokenAnswer().then(respond.bind(null, frame.contentWindow, origin, message));
        if (message.kind === 'event' && message.type === 'resize') frame.style.height = Math.max(400, Number(message.payload.height) || 0) + 'px';
      });
    }

    function renderCardWidget() {
      // amoCRM may render the card again: the widget and listeners of the last render go first.
      teardown();
      var current = generation;
      var code = settings().widget_code || 'stockroom';
      var rootId = 'stockroom-root-' + code;
      self.render_template({ caption: { class_name: 'stockroom-widget-caption' }, body: '', render: '<div id="' + rootId + '"></div>' });
      var root = document.getElementById(rootId);
      if (!root) return;
      if (!server() || (typeof self.$authorizedAjax !== 'function' && !settings().api_key)) {
        root.textContent = text('not_configured');
        return;
      }
      hostTheWidget();
      loadWidgetScript(server()).then(
        function (api) {
          if (current !== generation) return;
          // No token here: the widget asks for its context over the bridge, and gets it from hostTheWidget.
          mounted = api.mount(root, { leadId: leadId(), lang: lang(), theme: theme(), place: 'rightColumn', appUrl: server() });
        },
        function (error) {
          if (current !== generation) return;
          root.textContent = text('load_failed') + ' ' + error.message;
        },
      );
    }

    function renderAdvancedSettings() {
      teardown();
      var code = settings().widget_code || 'stockroom';
      var workArea = document.getElementById('work-area-' + code);
      if (!workArea) return;
      if (!server()) {
        workArea.textContent = text('not_configured');
        return;
      }
      var current = generation;
      // The account comes with the token: the app is framed as that account's page, which only its connected CRM origins may frame.
      freshSession().then(function (held) {
        if (current !== generation) return;
        if (!held) {
          workArea.textContent = text('not_configured');
          return;
        }
        var frame = document.createElement('iframe');
        frame.title = 'Stockroom';
        frame.style.cssText = 'display:block;width:100%;height:600px;border:0';
        hostTheApp(frame);
        appFrame = frame;
        frame.src = server() + '/' + (held.accountId ? '?account=' + encodeURIComponent(held.accountId) : '') + '#/orders';
        workArea.innerHTML = '';
        workArea.appendChild(frame);
      });
    }

    function teardown() {
      generation += 1;
      appFrame = null;
      clearTimeout(renewTimer);
      if (mounted) mounted();
      mounted = null;
      listeners.forEach(function (handler) {
        window.removeEventListener('message', handler);
      });
      listeners = [];
    }

    this.callbacks = {
      render: function () {
        if (area() === 'lcard') renderCardWidget();
        return true;
      },
      init: function () {
        return true;
      },
      bind_actions: function () {
        return true;
      },
      settings: function () {
        return true;
      },
      /** Saving the settings: the address must be an http(s) URL. */
      onSave: function (data) {
        var fields = (data && data.fields) || {};
        var url = String(fields.server_url || settings().server_url || '');
        return /^https?:\/\/[^\s/]+/.test(url);
      },
      advancedSettings: function () {
        renderAdvancedSettings();
        return true;
      },
      destroy: function () {
        teardown();
      },
    };
    return this;
  };
});
