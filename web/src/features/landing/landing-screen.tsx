import type { ContentBlockName } from '@nashr/contracts';
import { startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentBlock, usePrefetchContentBlocks } from '../../lib/api/content';
import { LoadingScreen } from '../../ui/loading-screen';
import { markAppReady } from './app-ready';
import { ContentUnavailable } from './content-unavailable';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { GetStarted } from './get-started';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { ScreenshotGallery } from './screenshot-gallery';
import { ScrollToTop } from './scroll-to-top';
import { SECTION_IDS } from './sections';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TestimonialsSection } from './testimonials-section';
import { WhyChooseSection } from './why-choose-section';

/** Every block the page shows, loaded together. (A type-only list keeps zod out of this bundle.) */
export const LANDING_BLOCKS = [
  'hero',
  'feature',
  'why-choose',
  'testimonials',
  'pricing',
  'faq',
] as const satisfies readonly ContentBlockName[];

/**
 * The public landing page. Its copy comes from the content service, block by block; the logo and
 * spinner show until the first block (the hero) arrives, then each section shows a skeleton until
 * its own block is in.
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  usePrefetchContentBlocks(LANDING_BLOCKS);
  const hero = useContentBlock('hero');
  const heroShown = hero.data !== undefined;
  // The hero is painted on its own first; the sections below it follow in the next render, as a
  // transition (in slices), so the page's first paint does not wait for all of them. When the
  // copy is already in (the page the server rendered, being hydrated) everything shows at once,
  // as the server's HTML does.
  const [restShown, setRestShown] = useState(heroShown);

  // In the commit itself: a button pressed before must not be pressed again after React handled it.
  useLayoutEffect(markAppReady, []);

  useEffect(() => {
    document.title = t('meta.title');
  }, [t]);

  useEffect(() => {
    if (heroShown) startTransition(() => setRestShown(true));
  }, [heroShown]);

  if (hero.data === undefined && !hero.isError) return <LoadingScreen />;

  return (
    <div id={SECTION_IDS.top} tabIndex={-1} className="flex min-h-dvh flex-col focus:outline-none">
      <SiteHeader />
      <main className="flex-1">
        {hero.data === undefined ? (
          <ContentUnavailable />
        ) : (
          <>
            <HeroSection hero={hero.data} />
            {restShown && (
              <>
                <ScreenshotGallery />
                <FeaturesSection />
                <WhyChooseSection />
                <TestimonialsSection />
                <PricingSection />
                <FaqSection />
                <GetStarted />
              </>
            )}
          </>
        )}
      </main>
      {(restShown || hero.data === undefined) && <SiteFooter />}
      <ScrollToTop />
    </div>
  );
}
