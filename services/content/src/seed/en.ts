import { type ContentBlocks, CREDITS, PLAN_CATALOGUE, TRIAL_DAYS } from '@nashr/contracts';

/** Where the landing page's shipped images live (web/public/images/landing/). */
const image = (file: string) => `/images/landing/${file}`;

const n = (value: number) => value.toLocaleString('en-US');
const { trial, starter, pro } = PLAN_CATALOGUE;

/**
 * The landing page's English marketing copy, served until an admin saves a block. It states only
 * what the product does: no counts of users or posts, ratings, testimonials or customers, which
 * would be invented on a fresh installation (an admin may add real ones).
 */
export const englishSeed: ContentBlocks = {
  hero: {
    headline: 'Build your personal brand on LinkedIn with AI',
    subheadline:
      'Nashr writes, personalizes and schedules posts that sound like you, so you can post consistently without it taking over your week.',
  },

  feature: {
    heading: { badge: 'Features', title: 'From idea to published post in three simple steps' },
    feature: {
      icon: 'sparkles',
      title: 'AI Powered Posts',
      description:
        'Describe an idea in one sentence and get a polished, ready-to-publish post in seconds. Make it shorter, longer, more casual or more formal with one click, or rewrite it until it sounds exactly like you.',
      buttonText: 'Write my first post',
      demoText:
        'Three years ago I almost gave up on my first company. What kept me going was not funding or luck, but three habits: shipping every week, asking customers one honest question a day, and writing down what I learned. Which habit changed your career?',
      // A figure shows beside the button only once an admin writes one that is true.
      stats: { count: '', text: '' },
      image: image('feature-ai-posts.svg'),
      peopleBadge: '',
    },
    additionalFeatures: [
      {
        icon: 'user-cog',
        title: 'Personalize Content',
        description:
          'Tell Nashr your job, goals, interests, tone and writing style once. Every draft follows your voice and speaks to your audience, in English or Arabic.',
        image: image('feature-personalize.svg'),
      },
      {
        icon: 'calendar-clock',
        title: 'Schedule and Manage',
        description:
          'Plan a whole week of posts in one sitting. Pick the day and time for each one, see everything on your calendar, and let Nashr publish it for you.',
        image: image('feature-schedule.svg'),
      },
    ],
  },

  'why-choose': {
    badge: 'Why Nashr',
    title: 'Why professionals choose Nashr',
    description:
      'Posting consistently is the fastest way to be seen on LinkedIn, and the hardest habit to keep. Nashr turns it into a short weekly routine: write, adjust and schedule a week of posts in one sitting.',
    stats: [
      { value: '2 languages', description: 'Arabic and English, on every screen and in every post' },
      { value: '1 click', description: 'to make a draft shorter, longer, more casual or more formal' },
      { value: 'Up to 9', description: 'images on a post, or a PDF shown as a document carousel' },
      {
        value: `${TRIAL_DAYS} days`,
        description: `of free trial for every new account, no card needed: ${trial.limits.weeklyPosts} posts a week and ${trial.limits.aiCredits} AI credits, without Engage`,
      },
      { value: 'On time', description: 'each scheduled post goes out on the day and at the hour you pick' },
    ],
  },

  testimonials: {
    // No testimonials ship: the section stays hidden until an admin adds what real people said.
    heading: { badge: 'Testimonials', title: 'What people say about Nashr' },
    testimonials: [],
  },

  pricing: {
    heading: { badge: 'Pricing', title: 'Simple plans that grow with you' },
    plans: [
      {
        name: 'Basic',
        description: 'The essentials to start posting with confidence.',
        price: '$24.99',
        features: [
          { name: 'Write and preview posts', included: true },
          { name: 'AI Profile Optimization', included: true },
          { name: 'Advanced Analytics', included: true },
          { name: 'Post Scheduling', included: true },
        ],
        buttonClass: 'outline',
        highlighted: false,
        isPremium: false,
        planId: 'basic',
      },
      {
        name: 'Starter',
        description: 'For professionals who post every week and want to be seen.',
        price: '$34.99',
        features: [{ name: 'Everything in Basic', included: true }],
        buttonClass: 'primary',
        highlighted: true,
        isPremium: false,
        planId: 'starter',
      },
      {
        name: 'Pro',
        description: 'For creators and leaders who make LinkedIn a growth channel.',
        price: '$44.99',
        features: [
          { name: 'Everything in Starter', included: true },
          { name: 'Engage’s autopilot', included: true },
        ],
        buttonClass: 'dark',
        highlighted: false,
        isPremium: true,
        planId: 'pro',
      },
    ],
  },

  faq: {
    heading: {
      badge: 'FAQ',
      title: 'Frequently asked questions',
      description: 'Everything you need to know before you start. Still unsure? Our team is one e-mail away.',
    },
    faqs: [
      {
        question: 'What is Nashr?',
        answer:
          'Nashr is an AI writing and scheduling assistant for LinkedIn. It drafts posts in your voice, lets you adjust them with one click, and publishes them at the time you choose, so you can build your personal brand without spending hours on it.',
      },
      {
        question: 'How does the free trial work?',
        answer: `Every new account starts with a ${TRIAL_DAYS}-day free trial, no card needed. It allows ${trial.limits.weeklyPosts} posts a week and ${trial.limits.aiCredits} AI credits for the whole trial, without Engage. Sign up with your e-mail or Google account and start writing, then choose a plan when you want to carry on.`,
      },
      {
        question: 'Is my LinkedIn account safe?',
        answer:
          'Yes. Nashr never posts, changes your account or reads your messages without your permission. It only reads what it needs to personalize your content: your profile and profile information, profile picture, banner image, connections, posts and activity. Your password is passed to LinkedIn and is never stored.',
      },
      {
        question: 'Can Nashr write in Arabic?',
        answer:
          'Yes. Nashr writes in Arabic and in English, and the whole interface is available in both languages. Choose your language and tone in your personalization settings.',
      },
      {
        question: 'What are AI credits and commenting credits?',
        answer: `AI credits are used when Nashr writes or rewrites a post for you: each generated post uses ${CREDITS.costPerPost} credits. Commenting credits are used by Engage, which comments on posts in your network to grow your visibility. Starter includes ${n(starter.limits.aiCredits)} AI and ${n(starter.limits.commentingCredits)} commenting credits a month, Pro includes ${n(pro.limits.aiCredits)} and ${n(pro.limits.commentingCredits)}.`,
      },
      {
        question: 'Can I schedule posts in advance?',
        answer:
          'Yes. Pick a date and time for any post and Nashr publishes it automatically. All your scheduled posts appear on a calendar, where you can review them at a glance.',
      },
      {
        question: 'Can I change or cancel my plan later?',
        answer:
          'Of course. You can move to another plan or cancel whenever you like, and you keep access until the end of the period you have paid for.',
      },
      {
        question: 'How do I contact support?',
        answer: 'Write to support@nashr.app and a person from our team will answer.',
      },
    ],
  },

  signup: {
    badge: 'AI for LinkedIn',
    headline: 'Write posts that sound like you and grow your personal brand on LinkedIn.',
    benefits: [
      { icon: 'sparkles', text: 'Turn a one-line idea into a polished post, in Arabic or English.' },
      { icon: 'user-cog', text: 'Every draft follows your job, goals, tone and writing style.' },
      { icon: 'pen-line', text: 'Make it shorter, longer, more casual or more formal with one click.' },
      { icon: 'calendar-clock', text: 'Schedule a week of posts and let Nashr publish them on time.' },
    ],
    quotes: [],
    showMemberCount: false,
  },
};
