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
  const t = i18next.getFixedT(lang, 'admin', 'defaults');
  return {
    testimonial: (): Testimonial => ({
      name: t('testimonialName'),
      badges: [
        { text: t('badgeFollowers'), background: '#dbeafe' },
        { text: t('badgeTitle'), background: '#fce7f3' },
      ],
      description: t('testimonialDescription'),
      image: '',
      isFullWidth: false,
    }),
    badge: (): Badge => ({ text: t('newBadge'), background: '#e2e8f0' }),
    plan: (): Plan => ({
      name: t('planName'),
      description: '',
      price: t('planPrice'),
      features: [
        { name: t('planFeature1'), included: true },
        { name: t('planFeature2'), included: true },
        { name: t('planFeature3'), included: false },
        { name: t('planFeature4'), included: false },
      ],
      buttonClass: '',
      highlighted: false,
      isPremium: false,
    }),
    planFeature: (): PlanFeature => ({ name: t('planFeatureNew'), included: true }),
    additionalFeature: (): AdditionalFeature => ({
      icon: 'sparkles',
      title: t('featureTitle'),
      description: '',
      image: '',
    }),
    stat: (): Stat => ({ value: t('statValue'), description: t('statDescription') }),
    faq: (): Faq => ({ question: t('faqQuestion'), answer: t('faqAnswer') }),
    benefit: (): Benefit => ({ icon: 'sparkles', text: t('benefitText') }),
    quote: (): PanelQuote => ({ quote: t('quoteText'), name: t('quoteName'), role: '' }),
  };
}

export type NewItems = ReturnType<typeof newItems>;
