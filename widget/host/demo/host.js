/*
 * The demo CRM page (/demo/host.html): plays amoCRM for Stockroom's widget script. It provides the
 * globals and the widget-object methods script.js uses (AMOCRM.data.current_card, get_settings, system,
 * i18n, render_template), loads script.js through a minimal AMD `define` and calls its callbacks like
 * amoCRM: render, init and bind_actions in the deal card, advancedSettings on the settings page.
 * A second widget plays the card tab, so the lead's wire can be seen kept in step.
 *
 * Query: token (else a sign-in form, when Stockroom is this page's own server), lead (7), lang, theme,
 * app (the Stockroom server; this server by default, or the same server under another loopback name),
 * account (the Stockroom account that connected this page's origin: the framed app is opened as its page).
 * This page has no amoCRM disposable tokens ($authorizedAjax), so it hands script.js a token of its own.
 */
(function () {
  'use strict';

  var TAG = 'stockroom-bridge';
  var TOKEN_KEY = 'stockroom-demo-token';
  var query = new URLSearchParams(location.search);
  var app = originOf(query.get('app')) || location.origin;
  var state = {
    token: query.get('token') || sessionStorage.getItem(TOKEN_KEY) || '',
    lead: Number(query.get('lead')) || 7,
    lang: query.get('lang') === 'ru' ? 'ru' : 'en',
    theme: query.get('theme') === 'dark' ? 'dark' : 'light',
    account: Number(query.get('account')) || null,
  };
  /** Every bridge event heard on this page, and how often the card was refreshed: for the curious and for tests. */
  window.hostEvents = [];
  window.hostRefreshes = 0;

  function originOf(url) {
    try {
      return url ? new URL(url).origin : '';
    } catch (_error) {
      return '';
    }
  }
  function byId(id) {
    return document.getElementById(id);
  }

  /* ------------------------------------------------------------ amoCRM's side */

  window.AMOCRM = { lang_id: state.lang, data: { current_card: { id: state.lead } } };

  // RequireJS in a few lines: script.js calls define([], factory) and has no dependencies.
  var defined = null;
  window.define = function (deps, factory) {
    defined = typeof deps === 'function' ? deps : factory;
  };
  window.define.amd = {};

  function requireModule(url) {
    return new Promise(function (resolve, reject) {
      defined = null;
      var script = document.createElement('script');
      script.src = url;
      script.onload = function () {
        if (defined) resolve(defined());
        else reject(new Error(url + ' did not call define'));
      };
      script.onerror = function () {
        reject(new Error(url + ' did not load'));
      };
      document.head.appendChild(script);
    });
  }

  /** A widget object as amoCRM builds it: the script's constructor plus the system's methods. */
  function widgetFor(WidgetClass, area, i18n) {
    var widget = new WidgetClass();
    widget.get_settings = function () {
      return { widget_code: 'stockroom', server_url: app, api_key: state.token, account_id: state.account };
    };
    widget.system = function () {
      return { area: area, amouser_id: 1, subdomain: 'demo' };
    };
    widget.i18n = function (key) {
      return i18n[key];
    };
    widget.langs = i18n;
    widget.render_template = function (options) {
      var column = byId('crm-right-column');
      var caption = document.createElement('div');
      caption.className = options.caption.class_name;
      caption.textContent = i18n.widget.name;
      var body = document.createElement('div');
      body.innerHTML = options.render;
      column.append(caption, body);
    };
    return widget;
  }

  /* ------------------------------------------------------------ the page */

  function postToWidgets(type, payload) {
    window.postMessage({ tag: TAG, v: 1, kind: 'event', type: type, payload: payload }, location.origin);
  }

  function showCardProducts() {
    var target = byId('crm-card-products');
    // What the deal holds, as the CRM card would show it (products/filtered answers a token or a signed CRM request only).
    fetch(app + '/integration/widget/products/filtered?leadId=' + state.lead, { headers: { authorization: 'Bearer ' + state.token } })
      .then(function (response) {
        return response.ok ? response.json() : { data: [] };
      })
      .then(function (answer) {
        target.textContent = '';
        if (!answer.data.length) target.textContent = '—';
        answer.data.forEach(function (row) {
          var line = document.createElement('div');
          line.className = 'crm-position';
          line.textContent = row.name + ' × ' + row.count + ' ' + row.unit + (row.warehouse_name ? ' (' + row.warehouse_name + ')' : '');
          target.appendChild(line);
        });
      })
      .catch(function () {
        target.textContent = '—';
      });
  }

  function listenToWidgets() {
    var cardTabMounted = false;
    window.addEventListener('message', function (event) {
      var message = event.data;
      if (event.source !== window || event.origin !== location.origin || !message || message.tag !== TAG || message.kind !== 'event') return;
      window.hostEvents.push({ type: message.type, payload: message.payload });
      if (message.type === 'refreshCard') {
        window.hostRefreshes += 1;
        byId('crm-refreshed').textContent = '(refreshed ' + window.hostRefreshes + '×)';
        showCardProducts();
      }
      if (message.type === 'ready' && !cardTabMounted && window.StockroomWidget) {
        // The card tab: a second widget for the same deal, mounted once widget.js is on the page.
        cardTabMounted = true;
        window.StockroomWidget.mount(byId('crm-card-tab'), { leadId: state.lead, lang: state.lang, theme: state.theme, place: 'cardTab', appUrl: app });
      }
    });
  }

  function applyTheme() {
    document.body.classList.toggle('theme-dark', state.theme === 'dark');
  }

  function bindControls(advanced) {
    byId('crm-lead').value = String(state.lead);
    byId('crm-lang').value = state.lang;
    byId('crm-dark').checked = state.theme === 'dark';
    byId('crm-controls').addEventListener('submit', function (event) {
      event.preventDefault();
      var lead = Number(byId('crm-lead').value);
      if (!(lead > 0) || lead === state.lead) return;
      state.lead = lead;
      window.AMOCRM.data.current_card.id = lead;
      byId('crm-lead-title').textContent = String(lead);
      postToWidgets('leadChanged', { leadId: lead });
      showCardProducts();
    });
    function contextChanged() {
      state.lang = byId('crm-lang').value === 'ru' ? 'ru' : 'en';
      state.theme = byId('crm-dark').checked ? 'dark' : 'light';
      window.AMOCRM.lang_id = state.lang;
      applyTheme();
      postToWidgets('context', { lang: state.lang, theme: state.theme });
      // The framed app takes its context when it starts: open it anew.
      advanced.callbacks.advancedSettings();
    }
    byId('crm-lang').addEventListener('change', contextChanged);
    byId('crm-dark').addEventListener('change', contextChanged);
  }

  function start() {
    byId('crm-lead-title').textContent = String(state.lead);
    applyTheme();
    listenToWidgets();
    showCardProducts();
    Promise.all([
      requireModule('./amocrm/script.js'),
      fetch('./amocrm/i18n/' + state.lang + '.json').then(function (response) {
        return response.json();
      }),
    ]).then(
      function (loaded) {
        var WidgetClass = loaded[0];
        var i18n = loaded[1];
        var card = widgetFor(WidgetClass, 'lcard', i18n);
        card.callbacks.render();
        card.callbacks.init();
        card.callbacks.bind_actions();
        var advanced = widgetFor(WidgetClass, 'advanced_settings', i18n);
        advanced.callbacks.advancedSettings();
        bindControls(advanced);
      },
      function (error) {
        byId('crm-right-column').textContent = error.message;
      },
    );
  }

  function signIn() {
    var form = byId('crm-signin');
    form.hidden = false;
    if (app !== location.origin) {
      byId('crm-signin-error').textContent = 'Stockroom is on another origin: open this page with ?token=…';
      return;
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      fetch(app + '/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: byId('crm-login').value, password: byId('crm-password').value }),
      })
        .then(function (response) {
          return response.json().then(function (body) {
            if (!response.ok || !body.access_token) throw new Error(body.error || 'Sign-in failed');
            return body.access_token;
          });
        })
        .then(function (token) {
          state.token = token;
          sessionStorage.setItem(TOKEN_KEY, token);
          form.hidden = true;
          start();
        })
        .catch(function (error) {
          byId('crm-signin-error').textContent = error.message;
        });
    });
  }

  if (state.token) start();
  else signIn();
})();
