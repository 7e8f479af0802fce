import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SECTION_IDS, scrollToSection } from './sections';
import { useScrolledPast } from './use-scrolled-past';

/** Spec: the button appears once the page is scrolled past 300 px. */
export const SCROLL_TO_TOP_OFFSET = 300;

export function ScrollToTop() {
  const { t } = useTranslation('landing');
  const visible = useScrolledPast(SCROLL_TO_TOP_OFFSET);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => scrollToSection(SECTION_IDS.top)}
      aria-label={t('scrollToTop')}
      data-testid="scroll-to-top"
      className="fixed bottom-6 end-6 z-30 inline-flex size-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-900/25 transition hover:bg-brand-700 motion-safe:duration-200 motion-safe:starting:translate-y-3 motion-safe:starting:opacity-0"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
