import type { Checkpoint } from '@nashr/contracts';

/** Where the human-verification provider (Arkose Labs) serves its widget, keyed by public key. */
const ARKOSE_HOST = 'https://client-api.arkoselabs.com';

/** Spec sections 2 and 9: the challenge area is 450x400 by default and never under 400 high. */
export const CAPTCHA_SIZE = { width: 450, height: 400 } as const;

/** How long the widget may take to call back before it counts as not loaded. */
export const CAPTCHA_LOAD_TIMEOUT_MS = 20_000;

/** The part of the Arkose enforcement object the page uses. */
export interface Enforcement {
  setConfig(config: {
    selector: string;
    mode: 'inline';
    data: { blob: string };
    onCompleted: (response: { token?: string }) => void;
    onError: (response?: unknown) => void;
    onFailed: (response?: unknown) => void;
  }): void;
}

/** The script of the checkpoint: the one the server names, else the provider's for the key. */
export function captchaScriptUrl(checkpoint: Checkpoint): string | null {
  if (checkpoint.script_url) return checkpoint.script_url;
  if (checkpoint.public_key) return `${ARKOSE_HOST}/v2/${encodeURIComponent(checkpoint.public_key)}/api.js`;
  return null;
}

export interface WidgetHandlers {
  onReady: (enforcement: Enforcement) => void;
  onLoadError: () => void;
}

let serial = 0;

/**
 * Loads the widget script the Arkose way: `<script src data-callback="name">`, and the script
 * calls `window[name](enforcement)`. Returns a function that removes the script and the callback.
 */
export function loadCaptchaWidget(src: string, handlers: WidgetHandlers): () => void {
  serial += 1;
  const callbackName = `nashrCaptchaReady${serial}`;
  const globals = window as unknown as Record<string, unknown>;
  let settled = false;
  const timer = window.setTimeout(() => {
    if (settled) return;
    settled = true;
    handlers.onLoadError();
  }, CAPTCHA_LOAD_TIMEOUT_MS);
  globals[callbackName] = (enforcement: Enforcement) => {
    if (settled) return;
    settled = true;
    window.clearTimeout(timer);
    handlers.onReady(enforcement);
  };
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.callback = callbackName;
  script.onerror = () => {
    if (settled) return;
    settled = true;
    window.clearTimeout(timer);
    handlers.onLoadError();
  };
  document.head.appendChild(script);
  return () => {
    settled = true;
    window.clearTimeout(timer);
    script.remove();
    delete globals[callbackName];
  };
}
