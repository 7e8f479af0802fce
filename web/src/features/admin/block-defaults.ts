import type {
  FaqBlock,
  FeatureBlock,
  Locale,
  PricingBlock,
  SignupPanelBlock,
  TestimonialsBlock,
  WhyChooseBlock,
} from '@nashr/contracts';
import { i18next } from '../../i18n';

type Testimonial = TestimonialsBlock['testimonials'][number];
type Badge = Testimonial['badges'][number];
type Plan = PricingBlock['plans'][number];
type PlanFeature = Plan['features'][number];
type AdditionalFeature = FeatureBlock['additionalFeatures'][number];
type Stat = WhyChooseBlock['stats'][number];
type Faq = FaqBlock['faqs'][number];
type Benefit = SignupPanelBlock['benefits'][number];
type PanelQuote = SignupPanelBlock['quotes'][number];

/**
 * What a newly added item starts with, written in the language of the copy being edited (an
 * English testimonial starts as 'New Testimonial', an Arabic one in Arabic). The testimonial and
 * plan defaults are the spec's (section 3).
 */
export function newItems(lang: Locale) {
  // Whole keys (`defaults.…`), not a key prefix, so a search of the code finds each one.
  const t = i18next.getFixedT(lang, 'admin');
  return {
    testimonial: (): Testimonial => ({
      name: t('defaults.testimonialName'),
      badges: [
        { text: t('defaults.badgeFollowers'), background: '#dbeafe' },
        { text: t('defaults.badgeTitle'), background: '#fce7f3' },
      ],
      description: t('defaults.testimonialDescription'),
      image: '',
      isFullWidth: false,
    }),
    badge: (): Badge => ({ text: t('defaults.newBadge'), background: '#e2e8f0' }),
    plan: (): Plan => ({
      name: t('defaults.planName'),
      description: '',
      price: t('defaults.planPrice'),
      features: [
        { name: t('defaults.planFeature1'), included: true },
        { name: t('defaults.planFeature2'), included: true },
        { name: t('defaults.planFeature3'), included: false },
        { name: t('defaults.planFeature4'), included: false },
      ],
      buttonClass: '',
      highlighted: false,
      isPremium: false,
    }),
    planFeature: (): PlanFeature => ({ name: t('defaults.planFeatureNew'), included: true }),
    additionalFeature: (): AdditionalFeature => ({
      icon: 'sparkles',
      title: t('defaults.featureTitle'),
      description: '',
      image: '',
    }),
    stat: (): Stat => ({ value: t('defaults.statValue'), description: t('defaults.statDescription') }),
    faq: (): Faq => ({ question: t('defaults.faqQuestion'), answer: t('defaults.faqAnswer') }),
    benefit: (): Benefit => ({ icon: 'sparkles', text: t('defaults.benefitText') }),
    quote: (): PanelQuote => ({ quote: t('defaults.quoteText'), name: t('defaults.quoteName'), role: '' }),
  };
}

export type NewItems = ReturnType<typeof newItems>;
