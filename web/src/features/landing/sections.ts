/** Anchors of the landing page that the header, menu and footer link to. */
export const SECTION_IDS = {
  top: 'top',
  features: 'features',
  pricing: 'pricing',
  faq: 'faq',
  about: 'about',
} as const;
export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Scrolls smoothly to a section and moves keyboard focus there too, so the next Tab continues
 * from the section the visitor chose instead of from the link they pressed.
 */
export function scrollToSection(id: SectionId): void {
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const target = document.getElementById(id);
  if (id === SECTION_IDS.top || !target) window.scrollTo({ top: 0, behavior });
  else target.scrollIntoView({ behavior, block: 'start' });
  target?.focus({ preventScroll: true });
}
