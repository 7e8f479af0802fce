import { DirectionProvider } from '@radix-ui/react-direction';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LandingPage } from './landing-screen';

/** Radix widgets follow the interface language (see RootLayout in router.tsx). */
function Direction({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DirectionProvider dir={i18n.dir()}>{children}</DirectionProvider>;
}

/**
 * The landing page on its own, without the app's router: what the gateway renders to HTML
 * (landing/server.tsx) and what the browser hydrates over that HTML (main.tsx). Both must render
 * this same tree, so React finds the DOM it expects (and `useId` gives the same ids).
 */
export function LandingRoot({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Direction>
          <LandingPage />
        </Direction>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
