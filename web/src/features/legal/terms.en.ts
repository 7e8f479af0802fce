import { LEGAL_FACTS as F, PAID_PLANS, TRIAL_PLAN } from './facts';
import type { LegalFormat, TermsText } from './types';

const count = (f: LegalFormat, value: number, one: string, other: string) =>
  `${f.number(value)} ${value === 1 ? one : other}`;

export function termsEn(f: LegalFormat): TermsText {
  const planLine = (plan: (typeof PAID_PLANS)[number]) => {
    const { weeklyPosts, aiCredits, commentingCredits, engage } = plan.limits;
    const parts = [
      weeklyPosts === null ? 'unlimited posts' : `${count(f, weeklyPosts, 'post', 'posts')} a week`,
      `${count(f, aiCredits, 'AI credit', 'AI credits')} a month`,
      engage
        ? `Engage, with ${count(f, commentingCredits, 'commenting credit', 'commenting credits')} a month`
        : 'no Engage',
    ];
    return `${plan.name}: ${f.price(plan)} a month. ${parts.join(', ')}.`;
  };
  const trial = TRIAL_PLAN.limits;
  const maxComments = f.number(F.autopilotMaxDailyComments);
  const engagePlans = PAID_PLANS.filter((plan) => plan.limits.engage)
    .map((plan) => plan.name)
    .join(' and ');

  return {
    title: 'Terms of Use',
    intro: [
      'These terms are the agreement between you and Nashr for using Nashr, a service that helps you write, schedule and publish posts on LinkedIn, follow how they perform, and comment on other members’ posts. By creating an account you accept them.',
      'The Privacy Policy says what Nashr keeps about you, why, for how long, and how to delete it.',
    ],
    sections: {
      account: {
        heading: 'Your account',
        blocks: [
          'You sign in with a link sent to your e-mail address, or with Google. Whoever can read that mailbox can sign in as you, so keep it safe.',
          'The Signed-in devices screen lists where your account is signed in, and you can sign out any of them. You can delete your account at any time under ‘Your data’ on the Personalization page.',
        ],
      },
      linkedin: {
        heading: 'Your LinkedIn account',
        blocks: [
          'You connect your own LinkedIn account, in one of the ways the connect screen offers: on LinkedIn’s own sign-in page (‘Continue with LinkedIn’), or with your LinkedIn e-mail or phone and password, which Nashr passes to Unipile, the provider that holds this kind of connection for us.',
          'You remain responsible for your LinkedIn account and for everything published from it. LinkedIn’s User Agreement applies to everything done there, and LinkedIn may refuse a post or a comment, or limit an account.',
          'Nashr publishes only the posts you write, approve or schedule, at the time you choose, and comments only as described under Engage below.',
        ],
      },
      content: {
        heading: 'Your content and AI',
        blocks: [
          'What you write, and the images and documents you upload, stay yours. You give Nashr only the permission it needs to run the service for you: to store them, show them to you, send them to the AI service when a task needs them, and publish them when you ask. Nashr does not sell your content or use it for advertising.',
          'Drafts, rewrites, ideas, profile reviews and comment suggestions written with AI are suggestions. They may contain mistakes: read them before you publish or send them. You are the author of what goes out under your name.',
          'Upload and publish only what you have the right to publish.',
        ],
      },
      engage: {
        heading: 'Engage and autopilot',
        blocks: [
          `Engage, included in the ${engagePlans} plans, prepares comments on other members’ posts. A comment you send is posted on LinkedIn from your account, in your name, and everyone who can see the post can see it. Nashr does not remove comments from LinkedIn later: delete them there if you need to.`,
          `Autopilot is off unless you turn it on. Once on, it sends by itself, without asking you each time, the suggestion prepared for each new post of the people you put on it, word for word: at most the daily number you set (never more than ${maxComments} a day), only in your working hours, never twice on one post. Each comment uses one commenting credit, and autopilot stops when they run out.`,
          'Autopilot’s risk: automated activity can break LinkedIn’s User Agreement, and LinkedIn may warn, restrict or close an account it believes is automated. You turn autopilot on at your own risk, and you are responsible for every comment it sends, as for those you send yourself. Use it sparingly, on people who welcome your comments; you can pause it or turn it off at any time.',
        ],
      },
      api: {
        heading: 'Access tokens, AI assistants and webhooks',
        blocks: [
          'An access token lets a program or an AI assistant use Nashr in your name, within the permissions you give it. Keep it secret, like a password: whoever holds it can do what its permissions allow until you revoke it or it expires. You are responsible for what is done with your tokens, including the posts an assistant schedules or publishes for you. Revoke a token at once if you think someone else has it.',
          `Work done with a token counts against your plan’s limits and uses your credits, as in the app. An account may hold up to ${count(f, F.maxApiTokens, 'token', 'tokens')}, and each token may make up to ${count(f, F.apiTokenRatePerMinute, 'request', 'requests')} a minute; requests beyond that are refused until the minute has passed.`,
          `A webhook sends the events you choose to an address you give, signed so that your program can check they come from Nashr. You are responsible for that address and for what is done with what it receives. An account may have up to ${count(f, F.maxWebhooks, 'webhook', 'webhooks')}.`,
        ],
      },
      payments: {
        heading: 'Plans and payments',
        blocks: [
          'Nashr is paid for by a monthly subscription. Payments are taken by Stripe, our payment processor, on its own payment page; Nashr never sees or stores your card number.',
          PAID_PLANS.map(planLine),
          'What is charged: the monthly price of the plan you choose, when you subscribe, and again at the start of each monthly period until you cancel. The Billing page shows the date of the next renewal.',
          'Currency and taxes: prices are in US dollars; your bank may convert them and charge its own fees. Where the law of your country applies a tax to the purchase, such as value added tax, it is charged as that law requires. The payment page shows the amount before you pay.',
          'Credits: AI credits and commenting credits are given for each monthly period and are set back to your plan’s allowance at the next one; unused credits do not carry over.',
          'A failed renewal: your plan stays for a grace period, whose end the Billing page shows, so you can update your card under ‘Manage subscription’. After that the plan ends.',
          'When a plan or the trial ends, you cannot schedule or publish new posts until you choose a plan. Your posts and data are kept.',
        ],
      },
      trial: {
        heading: 'The free trial',
        blocks: [
          `A new account starts with a free trial of ${count(f, F.trialDays, 'day', 'days')}. No card is asked for and nothing is charged.`,
          'The trial includes:',
          [
            `${count(f, trial.weeklyPosts ?? 0, 'post', 'posts')} a week.`,
            `${count(f, trial.aiCredits, 'AI credit', 'AI credits')} for the whole trial; they do not renew.`,
            `The ${count(f, trial.library ?? 0, 'newest post', 'newest posts')} of the inspiration library.`,
            'Engage is not included.',
          ],
          'One trial per person: it is given once per e-mail address, and addresses that differ only in capital letters, a ‘+tag’ or, at Gmail, dots count as one. An account whose address has had a trial before starts without one, and the Billing page says so. To know this after an account is deleted, Nashr keeps a keyed fingerprint of the address, never the address itself (see the Privacy Policy).',
          'When the trial ends, nothing is charged and no plan starts by itself: choose a plan to keep scheduling posts.',
        ],
      },
      refunds: {
        heading: 'Cancellation and refunds',
        blocks: [
          'You can cancel at any time under ‘Manage subscription’ on the Billing page. Cancelling stops the next renewal: your plan stays until the end of the period already paid (the Billing page shows the date), then ends. The rest of a paid period is not refunded.',
          'Deleting your account cancels a paid subscription at once: nothing more is charged, and the rest of the current period is not refunded.',
          'A payment that should not have been taken: a checkout paid after a newer one replaced it, or while you already have a subscription, is refused. Its plan is not applied, the subscription it created is cancelled at once, so it never renews, and the payment is refunded in full automatically (your bank may take several days to show it). If it does not appear, write to us (see Contact).',
          'Nothing in these terms takes away a right to a refund or cancellation that the law of your country gives you.',
        ],
      },
      'fair-use': {
        heading: 'Fair use',
        blocks: [
          'Do not use Nashr to publish unlawful, misleading or abusive content, to send spam, to pretend to be someone else, or to get around LinkedIn’s limits. Nashr may suspend an account that does, and tells its owner why.',
        ],
      },
      availability: {
        heading: 'Availability and liability',
        blocks: [
          'We work to publish every scheduled post exactly once and on time, and we tell you when a post or a comment could not go out.',
          'The service is provided as it is. Nashr is not liable for indirect losses caused by an outage of Nashr, LinkedIn, Unipile, Stripe or the AI service, or by what LinkedIn does with your account, except where the law does not allow this limit.',
        ],
      },
      changes: {
        heading: 'Changes to these terms',
        blocks: [
          'When these terms change in a way that matters, we tell you by e-mail or in the app before the change takes effect. The date at the top of this page says when they last changed.',
        ],
      },
      contact: {
        heading: 'Contact',
        blocks: [
          `Questions about these terms, a payment or a refund: write to us at the app’s support address, ${f.contact}.`,
        ],
      },
    },
  };
}
