import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { SignInFooter } from './sign-in-footer';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

async function footer(language: 'ar' | 'en', sandbox: boolean | undefined): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SignInFooter sandbox={sandbox} />
    </I18nextProvider>,
  );
}

describe('the sign-in window’s footer', () => {
  it('promises the password goes to LinkedIn only on the real network', async () => {
    expect(await footer('en', false)).toContain('Your password goes straight to LinkedIn');
    expect(await footer('ar', false)).toContain('تذهب كلمة مرورك إلى لينكدإن مباشرة');
  });

  it('says it is a sandbox, where nothing reaches LinkedIn and any password works, in both languages', async () => {
    const en = await footer('en', true);
    expect(en).not.toContain('goes straight to LinkedIn');
    expect(en).toContain('This is a sandbox, not LinkedIn');
    expect(en).toContain('nothing entered here reaches LinkedIn');
    expect(en).toContain('any password works');
    // The one password the sandbox refuses, so the wrong-password message can be seen.
    expect(en).toContain('wrong-password');
    const ar = await footer('ar', true);
    expect(ar).not.toContain('مباشرة');
    expect(ar).toContain('هذه بيئة تجريبية وليست لينكدإن');
    expect(ar).toContain('تُقبل أي كلمة مرور');
    expect(ar).toContain('data-sandbox="true"');
  });

  it('promises nothing before the service has said whether it is the sandbox', async () => {
    expect(await footer('en', undefined)).toBe('');
    expect(await footer('ar', undefined)).toBe('');
  });
});
