import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { setDisplayPreferences } from '../../lib/format';
import { InAppStep } from './in-app-step';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});
afterEach(() => setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES));

const render = () =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <InAppStep accountId="account" onAnswer={() => undefined} onStartOver={() => undefined} />
      </I18nextProvider>
    </QueryClientProvider>,
  );

/** The numbers of the steps, in the order shown. */
const stepNumbers = (html: string) =>
  [...html.matchAll(/<li[^>]*><span[^>]*rounded-full[^>]*>([^<]+)</g)].map((match) => match[1]);

describe('the LinkedIn app step', () => {
  it('numbers its steps in the digits the user chose', () => {
    expect(stepNumbers(render())).toEqual(['1', '2', '3']);
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    expect(stepNumbers(render())).toEqual(['١', '٢', '٣']);
  });
});
