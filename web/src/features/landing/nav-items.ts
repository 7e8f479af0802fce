import { SECTION_IDS, type SectionId } from './sections';

/** The header's in-page links, in order; labels are keys of the `landing` namespace. */
export const NAV_ITEMS: { to: SectionId; label: string }[] = [
  { to: SECTION_IDS.top, label: 'nav.home' },
  { to: SECTION_IDS.features, label: 'nav.features' },
  { to: SECTION_IDS.pricing, label: 'nav.pricing' },
  { to: SECTION_IDS.about, label: 'nav.about' },
];
