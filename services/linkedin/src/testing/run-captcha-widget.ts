import { runInNewContext } from 'node:vm';

interface FakeNode {
  tag: string;
  attributes: Record<string, string>;
  children: FakeNode[];
  style: Record<string, string>;
  textContent: string;
  innerHTML: string;
  disabled: boolean;
  type: string;
  onclick: (() => void) | null;
  setAttribute: (name: string, value: string) => void;
  getAttribute: (name: string) => string | null;
  appendChild: (child: FakeNode) => FakeNode;
}

function node(tag: string): FakeNode {
  const self: FakeNode = {
    tag,
    attributes: {},
    children: [],
    style: {},
    textContent: '',
    innerHTML: '',
    disabled: false,
    type: '',
    onclick: null,
    setAttribute: (name, value) => {
      self.attributes[name] = value;
    },
    getAttribute: (name) => self.attributes[name] ?? null,
    appendChild: (child) => {
      self.children.push(child);
      return child;
    },
  };
  return self;
}

const all = (root: FakeNode): FakeNode[] => [root, ...root.children.flatMap(all)];
const text = (root: FakeNode): string =>
  all(root)
    .map((n) => n.textContent)
    .join(' ');

/**
 * Runs a CAPTCHA widget script the way a page does under the Arkose contract: a script tag with
 * `data-callback`, `setConfig({ selector, mode: 'inline', data: { blob }, onCompleted })`, then a
 * click on the widget's button. Resolves with the token handed to `onCompleted` and the widget's
 * visible text, in a minimal stand-in DOM.
 */
export function runCaptchaWidget(
  source: string,
  options: { blob: string; lang?: 'ar' | 'en'; click?: 'verify' | 'fail' },
): Promise<{ token?: string; failed: boolean; text: string }> {
  return new Promise((resolve, reject) => {
    const host = node('div');
    const scriptTag = node('script');
    scriptTag.setAttribute('data-callback', 'setupEnforcement');
    const html = node('html');
    html.setAttribute('lang', options.lang ?? 'ar');
    html.setAttribute('dir', options.lang === 'en' ? 'ltr' : 'rtl');
    const document = {
      currentScript: scriptTag,
      readyState: 'complete',
      documentElement: html,
      createElement: node,
      querySelector: (selector: string) => (selector === '#captcha' ? host : null),
      addEventListener: () => {},
    };
    const window: Record<string, unknown> = {};
    window.setupEnforcement = (enforcement: { setConfig: (config: object) => void }) => {
      enforcement.setConfig({
        selector: '#captcha',
        mode: 'inline',
        data: { blob: options.blob },
        onCompleted: (response: { token: string }) =>
          resolve({ token: response.token, failed: false, text: text(host) }),
        onFailed: () => resolve({ failed: true, text: text(host) }),
        onError: (error: unknown) => reject(new Error(`widget error: ${JSON.stringify(error)}`)),
        onReady: () => {
          const buttons = all(host).filter((n) => n.tag === 'button');
          const button = options.click === 'fail' ? buttons[1] : buttons[0];
          if (!button?.onclick) reject(new Error('the widget shows no button'));
          else button.onclick();
        },
      });
    };
    window.window = window;
    window.document = document;
    window.setTimeout = setTimeout;
    window.console = console;
    runInNewContext(source, window);
  });
}
