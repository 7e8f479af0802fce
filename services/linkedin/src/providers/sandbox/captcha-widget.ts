/**
 * The sandbox's stand-in for the Arkose Labs widget. It follows the same contract as the real
 * script: loaded as `<script src=".../api.js" data-callback="name">`, it calls
 * `window[name](enforcement)`; the page calls `enforcement.setConfig({ selector, mode: 'inline',
 * data: { blob }, onCompleted, onError, onFailed })`, and `onCompleted({ token })` hands over the
 * token the page then sends as the checkpoint code.
 */

export const SANDBOX_CAPTCHA_PUBLIC_KEY = 'sandbox-captcha-key';
const TOKEN_PREFIX = 'sandbox-captcha-token.';

/** The token the widget yields for a checkpoint's blob, and the only one the sandbox accepts. */
export const sandboxCaptchaToken = (blob: string) => `${TOKEN_PREFIX}${blob}`;

export const CAPTCHA_SCRIPT_PATH = '/api/v1/linkedin/sandbox/captcha';
export const sandboxCaptchaScriptUrl = (publicKey: string) => `${CAPTCHA_SCRIPT_PATH}/${publicKey}/api.js`;

const LABELS = {
  en: {
    title: 'Security check',
    badge: 'Sandbox',
    text: 'Confirm that you are a person to continue signing in.',
    verify: 'I am not a robot',
    checking: 'Checking…',
    done: 'Verified',
    fail: 'Simulate a failed check',
  },
  ar: {
    title: 'تحقق أمني',
    badge: 'بيئة تجريبية',
    text: 'أكّد أنك شخص حقيقي لمتابعة تسجيل الدخول.',
    verify: 'أنا لست روبوتًا',
    checking: 'جارٍ التحقق…',
    done: 'تم التحقق',
    fail: 'محاكاة فشل التحقق',
  },
};

/** The script's source for one public key. Plain ES5 so it runs wherever the real one does. */
export function captchaWidgetScript(publicKey: string): string {
  return `/* Nashr sandbox CAPTCHA stand-in (Arkose Labs callback contract). */
(function () {
  'use strict';
  var PUBLIC_KEY = ${JSON.stringify(publicKey)};
  var TOKEN_PREFIX = ${JSON.stringify(TOKEN_PREFIX)};
  var LABELS = ${JSON.stringify(LABELS)};
  var script = document.currentScript || document.querySelector('script[data-callback][src*="/sandbox/captcha/"]');
  var callbackName = script ? script.getAttribute('data-callback') : null;
  var config = {};

  function labels() {
    var lang = (document.documentElement.getAttribute('lang') || '').toLowerCase();
    return lang.indexOf('en') === 0 ? LABELS.en : LABELS.ar;
  }
  function call(name, value) {
    if (typeof config[name] === 'function') config[name](value);
  }
  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) node.setAttribute('style', style);
    if (text) node.textContent = text;
    return node;
  }

  function render() {
    var host = config.selector ? document.querySelector(config.selector) : null;
    if (!host) {
      call('onError', { error: { error: 'The CAPTCHA container ' + config.selector + ' was not found' } });
      return;
    }
    var t = labels();
    var blob = config.data && typeof config.data.blob === 'string' ? config.data.blob : '';
    host.innerHTML = '';
    var frame = el('div', 'box-sizing:border-box;width:100%;min-height:400px;display:flex;align-items:center;justify-content:center;padding:16px;font-family:system-ui,-apple-system,Segoe UI,Tahoma,sans-serif;');
    frame.setAttribute('data-sandbox-captcha', PUBLIC_KEY);
    frame.setAttribute('dir', document.documentElement.getAttribute('dir') || 'auto');
    var card = el('div', 'width:100%;max-width:360px;border:1px solid #d4d9e1;border-radius:12px;background:#f9fafb;padding:20px;box-shadow:0 1px 2px rgba(15,23,42,.06);');
    var head = el('div', 'display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:8px;');
    head.appendChild(el('strong', 'font-size:16px;color:#0f172a;', t.title));
    head.appendChild(el('span', 'font-size:11px;color:#92400e;background:#fef3c7;border-radius:999px;padding:2px 8px;', t.badge));
    card.appendChild(head);
    card.appendChild(el('p', 'margin:0 0 16px;font-size:14px;color:#475569;line-height:1.5;', t.text));
    var button = el('button', 'display:flex;align-items:center;gap:10px;width:100%;padding:12px 14px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;font-size:15px;color:#0f172a;cursor:pointer;');
    button.type = 'button';
    var tick = el('span', 'display:inline-block;width:22px;height:22px;border:2px solid #94a3b8;border-radius:4px;flex:none;text-align:center;line-height:18px;font-weight:700;color:#16a34a;');
    var label = el('span', '', t.verify);
    button.appendChild(tick);
    button.appendChild(label);
    var status = el('p', 'margin:12px 0 0;min-height:20px;font-size:13px;color:#475569;');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    var fail = el('button', 'margin-top:8px;padding:0;border:0;background:none;font-size:12px;color:#64748b;text-decoration:underline;cursor:pointer;', t.fail);
    fail.type = 'button';
    button.onclick = function () {
      button.disabled = true;
      fail.disabled = true;
      status.textContent = t.checking;
      setTimeout(function () {
        tick.textContent = '\\u2713';
        tick.style.borderColor = '#16a34a';
        status.textContent = t.done;
        call('onCompleted', { token: TOKEN_PREFIX + blob, completed: true });
      }, 500);
    };
    fail.onclick = function () {
      call('onFailed', { token: '', suppressed: false });
    };
    card.appendChild(button);
    card.appendChild(status);
    card.appendChild(fail);
    frame.appendChild(card);
    host.appendChild(frame);
    call('onReady', {});
    call('onShown', {});
  }

  var enforcement = {
    setConfig: function (next) {
      for (var key in next) if (Object.prototype.hasOwnProperty.call(next, key)) config[key] = next[key];
      if (config.mode !== 'lightbox') render();
    },
    run: render,
    reset: render,
    getConfig: function () {
      return config;
    }
  };

  function start() {
    var callback = callbackName ? window[callbackName] : null;
    if (typeof callback === 'function') callback(enforcement);
    else if (window.console) console.warn('sandbox captcha: no data-callback function named ' + callbackName);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
}
