import type { ContentBlocks } from '@nashr/contracts';

export const arabicSeed: ContentBlocks = {
  hero: {
    headline: 'Build your personal brand on LinkedIn with AI',
    subheadline: 'Write, personalize and schedule posts that sound like you, in less than an hour a week.',
  },
  feature: {
    heading: { badge: 'FEATURES', title: 'Three steps to a stronger presence' },
    feature: {
      icon: 'sparkles',
      title: 'AI Powered Posts',
      description: 'Turn an idea into a polished post in seconds.',
      buttonText: 'Start For Free',
      demoText: 'Three lessons I learned leading a remote team…',
      stats: { count: '1M+', text: 'posts a month' },
      image: '',
      peopleBadge: '10,000+ users',
    },
    additionalFeatures: [
      { icon: 'user-cog', title: 'Personalize Content', description: 'Your goals, tone and style.', image: '' },
      { icon: 'calendar-clock', title: 'Schedule and Manage', description: 'Plan your week.', image: '' },
    ],
  },
  'why-choose': {
    badge: 'WHY US',
    title: 'Why professionals choose Nashr',
    description: 'Results within 1-3 weeks.',
    stats: [
      { value: '10,000+', description: 'users' },
      { value: '99%', description: 'satisfaction' },
    ],
  },
  testimonials: {
    heading: { badge: 'TESTIMONIALS', title: 'What our users say' },
    testimonials: [],
  },
  pricing: {
    heading: { badge: 'PRICING', title: 'Simple plans' },
    plans: [],
  },
  faq: {
    heading: { badge: 'FAQ', title: 'Frequently asked questions', description: '' },
    faqs: [],
  },
};
