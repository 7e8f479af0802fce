import { LEGAL_FACTS as F } from './facts';
import type { LegalFormat, PrivacyText } from './types';

const count = (f: LegalFormat, value: number, one: string, other: string) =>
  `${f.number(value)} ${value === 1 ? one : other}`;

export function privacyEn(f: LegalFormat): PrivacyText {
  const days = (value: number) => count(f, value, 'day', 'days');

  return {
    title: 'Privacy Policy',
    intro: [
      'This page says what Nashr keeps about you, why, for how long, who processes it for us, and how to download or delete it.',
      'Nashr keeps only what it needs to run the service for you. It does not sell your data or use it for advertising.',
    ],
    sections: {
      account: {
        heading: 'Your account',
        blocks: [
          'Your e-mail address, your role (user or administrator), the language and display settings you choose, when you signed up and when you were last seen: to sign you in and run your account. With Google sign-in, Nashr receives only your e-mail address from Google, once Google has confirmed it is yours.',
          'To give the free trial once per person, Nashr also keeps a keyed fingerprint (HMAC-SHA256) of your e-mail address, written in a standard form (lower case, without a +tag and, at Gmail, without dots). It is never the address itself and cannot be turned back into it.',
        ],
        kept: 'While your account exists. The trial fingerprint is kept after the account is deleted, only so that the same address does not get a second trial.',
      },
      'sign-in': {
        heading: 'Sign-in links',
        blocks: [
          `A sign-in link works once and expires after ${count(f, F.signInLinkMinutes, 'minute', 'minutes')}. Nashr keeps only a fingerprint of it, never the link itself, with the address it was sent to.`,
        ],
        kept: 'Deleted about a day after the link expires.',
      },
      sessions: {
        heading: 'Sessions and devices',
        blocks: [
          'When you sign in, Nashr keeps with the session:',
          [
            'Your browser’s User-Agent, the line your browser sends to name itself and your system. The Signed-in devices screen shows it as the browser, the system and the kind of device.',
            'The network part of your internet address, for example 203.0.113.0/24: never the full address. Nashr does not look up a location from it or ask any outside service where you are.',
            'When you signed in, and about when the session was last used.',
          ],
          'Your browser holds only a cookie with the session’s random identifier; Nashr keeps a fingerprint of that identifier, not the identifier itself.',
        ],
        kept: `Until the session ends: when you sign out or end it on the Signed-in devices screen, after ${days(F.sessionIdleDays)} without use, or ${days(F.sessionMaxDays)} after you signed in, whichever comes first.`,
      },
      personalization: {
        heading: 'Your personalization',
        blocks: [
          'Your job title, language, accent, the Arabic you write in and how formal you write, your goals, interests, tone and style, the choices you save in the composer, your notification settings and your favourites in the inspiration library: to write drafts that fit you and to tell you what you asked to hear about.',
        ],
        kept: 'Until you change or remove them, or delete your account.',
      },
      linkedin: {
        heading: 'Your LinkedIn connection',
        blocks: [
          'Through LinkedIn’s sign-in page: LinkedIn gives Nashr an access token (and a refresh token where it grants one) to publish for you and read what you allowed. Nashr keeps them encrypted.',
          'With your LinkedIn password: your e-mail or phone, your password and any verification code LinkedIn asks for go through Nashr to Unipile, which signs in to LinkedIn for you and holds the connection. Nashr never stores your password; it keeps the connection’s identifier at Unipile, encrypted. If LinkedIn asks for a puzzle (CAPTCHA), your browser loads it from Arkose Labs, LinkedIn’s verification provider.',
          `Your LinkedIn profile (name, headline, picture and the details your profile page shows) is read when a screen needs it and held for about ${count(f, F.profileCacheMinutes, 'minute', 'minutes')}, not stored. Nashr keeps the connection’s status and a record of each publication: when, the post’s address on LinkedIn, and the outcome.`,
        ],
        kept: 'Until you delete your account, which also ends the connection at the provider.',
      },
      posts: {
        heading: 'Posts and drafts',
        blocks: [
          'The posts you publish or schedule through Nashr: their text, first comment, images or document, the time and time zone you chose, and what happened when they were published. Drafts are saved as you type, on our servers and in your browser.',
        ],
        kept: 'Posts, cancelled ones included, until you delete your account. A draft until you delete it, schedule it or publish it; what your browser keeps is cleared when you sign out. Posts already published stay on LinkedIn until you remove them there. Posts and drafts made in a shared workspace belong to it: they stay with its team when you delete your account, until the workspace itself is deleted.',
      },
      uploads: {
        heading: 'Images and documents you upload',
        blocks: [
          'An uploaded image is encoded again, which removes its hidden details (such as a GPS position or the camera’s serial number), and a small preview is made of it. A PDF document is kept as you sent it, with its title, its page count and a preview of its first page. In Nashr, only you can open your files, and the members of a shared workspace those its posts and drafts carry.',
        ],
        kept: `A file that a post or draft uses is kept until you delete your account (a published or cancelled post keeps its images), or for as long as a shared workspace’s post or draft uses it. A file that no post or draft uses (never attached, removed, or left by a deleted draft) is deleted automatically once it is more than ${count(f, F.unusedUploadHours, 'hour', 'hours')} old.`,
      },
      ai: {
        heading: 'AI writing',
        blocks: [
          'When you ask for a draft, a rewrite or a profile review, and when your daily ideas and comment suggestions are prepared, Nashr sends OpenAI what that task needs: your topic or post, your personalization and your writing style and, depending on the task, your profile’s headline, About and skills, the openings of your recent posts, or the text and author of the post to comment on. OpenAI writes the text and sends it back.',
          'Nashr keeps a record of each request (its kind, the model, the credits it cost and whether it succeeded), not its text, to keep your credit balance; it also keeps your daily ideas and the openings of your recent posts, so that ideas do not repeat.',
        ],
        kept: 'Until you delete your account.',
      },
      voice: {
        heading: 'Your writing style',
        blocks: [
          `Nashr learns how you write from your published LinkedIn posts: when you choose ‘Learn my voice’ (it needs at least ${count(f, F.voiceMinPosts, 'post', 'posts')}), and again by itself after every ${count(f, F.voiceRemeasurePosts, 'post', 'posts')} you publish through Nashr.`,
          `What is derived: how your posts usually open, how long they and their paragraphs are, how often you use emoji and hashtags, and their language; the figures behind these (averages, the share of Arabic letters); and up to ${count(f, F.voiceThemes, 'word', 'words')} you come back to most. Nashr measures these itself with simple counting rules, not with an AI service, and does not keep your posts for it.`,
          'These traits, with your corrections, guide the drafts, ideas and comment suggestions written for you, and are sent to OpenAI with those requests.',
          'To change or remove it: correct any trait under ‘Your voice’ on the Personalization page; your correction wins over the measure. There is no separate button to erase the measure: it is deleted with your account, or when you ask us (see Your rights).',
        ],
        kept: 'Until you delete your account or ask us to erase it.',
      },
      analytics: {
        heading: 'Analytics',
        blocks: [
          `While your LinkedIn account is connected, Nashr reads from LinkedIn, about every ${count(f, F.analyticsEveryHours, 'hour', 'hours')}: your number of followers and connections, and your recent posts with their text, address, publishing time, and their reactions, comments, reposts and impressions. The first reading also imports your earlier posts, as far as LinkedIn gives them.`,
          'These readings make your dashboard, the charts of each post and the best times to post. What LinkedIn does not give (such as profile views) is shown as sample figures and is not collected.',
        ],
        kept: `Every reading for ${days(F.analyticsFineDays)}; older readings are merged into one a day, kept until you delete your account.`,
      },
      engage: {
        heading: 'Engage',
        blocks: [
          `The people and topics you follow; your feed, made of the public posts of the last ${days(F.engageFeedDays)} by those people or about those topics, with the comment suggestions prepared for them; your autopilot settings; and every comment sent in your name: its text, the post, its link, whether you or autopilot sent it, and the outcome.`,
        ],
        kept: `Feed posts and their suggestions while they are within the ${days(F.engageFeedDays)}. People and topics until you stop following them; settings and the history of your comments until you delete your account. Comments stay on LinkedIn until you delete them there.`,
      },
      payments: {
        heading: 'Plans and payments',
        blocks: [
          'Your plan and its status, its periods, when your trial ends, the identifiers Stripe gives your customer record and your subscription, and a record of each payment event Stripe sends (its type and time). Stripe collects your card and billing details on its own page and keeps them; Nashr never sees your card number.',
        ],
        kept: 'Until you delete your account; a paid subscription is cancelled first. Stripe keeps its own records of your payments, under its own privacy policy.',
      },
      notifications: {
        heading: 'Notifications and e-mails',
        blocks: [
          'What Nashr told you (a post published or failed, a lost connection, credits running low, autopilot stopped) and whether you read it. E-mails go out through the e-mail delivery provider the installation uses, and each one has a link to stop that kind of e-mail.',
        ],
        kept: 'Until you delete your account.',
      },
      push: {
        heading: 'Push notifications',
        blocks: [
          'When you turn on push notifications on a device, your browser gives Nashr an address at its maker’s push service (for example Google’s for Chrome, Mozilla’s for Firefox, Apple’s for Safari, Microsoft’s for Edge) and the keys to encrypt messages for that device. Nashr keeps them with a label naming the browser and the system (for example “Chrome on Android”), when you turned them on, and when a notification last reached the device.',
          'Each notification is encrypted for your device before it leaves Nashr: the push service carries it but cannot read it. The push services are run by the makers of your browsers under their own privacy policies; they are not Nashr’s processors.',
        ],
        kept: `Until you turn push notifications off on that device or remove it from the list, until its push service says the device no longer receives them, or until you delete your account. At most ${count(f, F.maxPushDevices, 'device', 'devices')} per account.`,
      },
      api: {
        heading: 'Access tokens and AI assistants',
        blocks: [
          'For each access token you create: its name, the permissions you gave it, its first characters (to help you recognise it), when it was created, when it expires if you chose an expiry, and about when it was last used. Of the token itself Nashr keeps only a fingerprint (SHA-256): the token is shown to you once and cannot be recovered.',
          'A program or an AI assistant you give a token to (for example through Nashr’s MCP server) acts in your name within the token’s permissions: what it reads goes to that program and to whoever runs it, under their own terms. Nashr sends nothing to an assistant you have not given a token to.',
        ],
        kept: 'Until you revoke the token, it expires, or you delete your account.',
      },
      webhooks: {
        heading: 'Webhooks',
        blocks: [
          `For each webhook you add: its address, the events you chose and the secret that signs what is sent to it. For each delivery: the event and the body sent, whether it arrived, the answer’s status code and its beginning, the number of attempts and their times. Nashr keeps the newest ${count(f, F.webhookDeliveriesKept, 'delivery', 'deliveries')} of each webhook.`,
          'What a webhook sends (for example a published post’s text and link, or a comment sent by Engage) goes to the address you gave. Nashr does not control that address: its owner handles what it receives under their own terms.',
        ],
        kept: 'Until you delete the webhook or your account; older deliveries are removed as new ones arrive.',
      },
      logs: {
        heading: 'Logs and records',
        blocks: [
          'Technical logs of requests and background work (the time, the internet address, your account’s identifier, what was asked and the outcome), to keep the service running and secure. Passwords, sign-in tokens and cookies are removed from them.',
          'If you are an administrator, what you do as one (signing in, editing the landing page, granting credits) is recorded with your e-mail address and internet address.',
        ],
        kept: 'Logs for as long as the installation’s log system keeps them. The record of administrators’ actions is kept after their account is deleted.',
      },
      processors: {
        heading: 'Who processes your data',
        blocks: [
          'These providers process data for Nashr, only to provide the service:',
          [
            'OpenAI: writes drafts, rewrites, ideas, profile reviews and comment suggestions.',
            'Stripe: takes payments and manages subscriptions.',
            'Unipile: holds the LinkedIn connection made with your password, and reads and sends through it (your profile, posts, analytics and Engage).',
            'The e-mail delivery provider the installation uses: sends sign-in links and notifications.',
            'The hosting and storage providers the installation runs on: servers, databases and file storage.',
          ],
          'LinkedIn and Google are not processors of Nashr: they are the services you choose to connect or to sign in with, and their own privacy policies cover what they hold.',
          'Some of these providers process data in other countries, including outside Saudi Arabia and the United Arab Emirates.',
        ],
      },
      export: {
        heading: 'Downloading your data',
        blocks: [
          '‘Download my data’, under ‘Your data’ on the Personalization page, gives one ZIP file: a JSON document with what every part of Nashr keeps about you, and every image and document you uploaded. The JSON holds:',
          [
            'your account, display settings, notifications and their settings;',
            'your personalization, composer choices, writing style, credits, AI request records and daily ideas;',
            'your LinkedIn connection record, publication history and analytics;',
            'your posts and drafts, with the list of your files;',
            'your Engage people, topics, feed, suggestions, autopilot settings and comments;',
            'your plan, trial, and the payment records Nashr keeps;',
            'your webhooks (their addresses and events) and the devices that receive your push notifications;',
            'your library favourites.',
          ],
          'Access tokens and other credentials are left out. Your sessions are shown on the Signed-in devices screen rather than in the file, and your analytics can also be downloaded as CSV from the dashboard.',
        ],
      },
      deletion: {
        heading: 'Deleting your data',
        blocks: [
          '‘Delete my account’, under ‘Your data’ on the Personalization page and confirmed by typing your e-mail address, deletes your account at once and ends all your sessions.',
          'Right after, in the background, each part of Nashr deletes what it keeps about you: a paid subscription is cancelled at Stripe first; the LinkedIn connection is ended at the provider and its tokens deleted; scheduled posts are cancelled and never published; uploaded files are deleted from storage; your personalization, writing style, credits, AI records, analytics, Engage data and favourites are deleted. A step that fails, such as a provider out of reach, is retried until it succeeds.',
          'What remains: posts and comments already on LinkedIn (remove them there), the posts and drafts you made in a shared workspace that still has members (they belong to its team), the trial fingerprint of your address, logs for as long as the log system keeps them, Stripe’s own payment records and, for an administrator, the record of administrative actions.',
          'Without deleting the account, you can delete drafts, stop following people and topics in Engage, remove favourites, and remove files from a draft (they are then deleted as unused files).',
        ],
      },
      rights: {
        heading: 'Your rights',
        blocks: [
          `If you are in Saudi Arabia, the Personal Data Protection Law (PDPL) gives you rights over your personal data; if you are in the United Arab Emirates, Federal Decree-Law No. ${f.plain(45)} of ${f.plain(2021)} on the Protection of Personal Data does. Depending on the law that applies to you, you can ask for:`,
          [
            'Access: to know what Nashr keeps about you and why, and to get a copy (‘Download my data’ gives it at once).',
            'Correction: to have inaccurate or incomplete data corrected; most of it you can change yourself in the app.',
            'Deletion: to have your data deleted (‘Delete my account’ does it), or a part of it.',
            'Objection: to object to a use of your data, to have it restricted or stopped, and to withdraw a consent you gave (turning off autopilot or a kind of e-mail does this at once).',
            'Portability: to receive your data in a structured, machine-readable form (‘Download my data’ gives JSON and your files).',
            'Complaint: to complain to the Saudi Data and Artificial Intelligence Authority (SDAIA) in Saudi Arabia, or to the UAE Data Office in the United Arab Emirates.',
          ],
          'For a right the app does not offer directly, write to us (see Contact). We may ask you to confirm the request from your account’s e-mail address, and we answer within the time the applicable law sets.',
        ],
      },
      contact: {
        heading: 'Contact and changes',
        blocks: [
          `Questions or requests about your data: write to us at the app’s support address, ${f.contact}.`,
          'When this policy changes in a way that matters, we tell you by e-mail or in the app before the change takes effect. The date at the top of this page says when it last changed.',
        ],
      },
    },
  };
}
