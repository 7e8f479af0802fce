import { createHash } from 'node:crypto';
import type { FullProfile } from '@nashr/contracts';
import type { PostMetrics } from '../network-provider.js';

/**
 * The simulated network's people and posts. Everything is derived from the username, so the
 * same sandbox account always shows the same person, in every process.
 */

/** A small seeded generator (mulberry32): same seed, same sequence. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (random: () => number, min: number, max: number) => Math.floor(min + random() * (max - min + 1));

const PEOPLE = [
  ['Layla', 'Haddad'],
  ['Omar', 'Khalil'],
  ['Sara', 'Mansour'],
  ['Yousef', 'Nasser'],
  ['Nour', 'Al-Amin'],
  ['Karim', 'Farouk'],
  ['Hana', 'Saleh'],
  ['Rami', 'Aziz'],
  ['Dana', 'Qasim'],
  ['Faisal', 'Rahman'],
  // Names this long are common on the network: screens must keep them whole on one line.
  ['Mohammed Abdulrahman', 'Al-Qahtani'],
] as const;

const ROLES = [
  {
    headline: 'Founder & CEO at Qimma Labs | Helping SMEs grow with practical AI',
    summary:
      'I build software that helps small and medium businesses in the region work smarter. Ten years in product and engineering, three companies founded, one exit. I write about building teams, pricing and what AI changes for founders.',
    skills: [
      'Entrepreneurship',
      'Product Strategy',
      'Fundraising',
      'Artificial Intelligence',
      'Team Leadership',
      'SaaS',
    ],
  },
  {
    headline: 'Senior Product Manager at Souq Cloud | B2B SaaS, payments, marketplaces',
    summary:
      'Product manager who loves messy problems. I lead a team shipping payment and checkout experiences used by thousands of merchants. I share what I learn about discovery, roadmaps and working with engineers.',
    skills: ['Product Management', 'User Research', 'Roadmapping', 'Payments', 'Agile', 'Data Analysis'],
  },
  {
    headline: 'Growth Marketing Consultant | Helping B2B brands turn content into pipeline',
    summary:
      'I help B2B companies grow through content, personal branding and LinkedIn. Former head of marketing at two scale-ups. Weekly posts about positioning, storytelling and measurable marketing.',
    skills: ['Content Marketing', 'Personal Branding', 'SEO', 'Copywriting', 'Marketing Strategy', 'Analytics'],
  },
  {
    headline: 'Talent Acquisition Lead at Nakheel Tech | Building teams that build products',
    summary:
      'Recruiter and people partner. I have hired more than 300 engineers, designers and product people across the Gulf. I write about careers, interviews and how to stand out.',
    skills: ['Recruiting', 'Employer Branding', 'Interviewing', 'Talent Management', 'HR Strategy', 'Negotiation'],
  },
  {
    headline: 'Executive Coach & Leadership Consultant | Former COO',
    summary:
      'After twenty years running operations, I now coach executives through growth, change and hard decisions. Posts about leadership, focus and sustainable high performance.',
    skills: [
      'Executive Coaching',
      'Leadership Development',
      'Operations',
      'Change Management',
      'Strategy',
      'Public Speaking',
    ],
  },
] as const;

const LOCATIONS = [
  'Riyadh, Saudi Arabia',
  'Dubai, United Arab Emirates',
  'Cairo, Egypt',
  'Amman, Jordan',
  'Casablanca, Morocco',
  'Doha, Qatar',
] as const;

const SCHOOLS = [
  { school: 'King Saud University', degree: 'Bachelor of Science', field_of_study: 'Computer Science' },
  {
    school: 'American University of Beirut',
    degree: 'Bachelor of Business Administration',
    field_of_study: 'Marketing',
  },
  { school: 'Cairo University', degree: 'Bachelor of Engineering', field_of_study: 'Industrial Engineering' },
  { school: 'INSEAD', degree: 'Master of Business Administration (MBA)', field_of_study: 'Business' },
  { school: 'Khalifa University', degree: 'Master of Science', field_of_study: 'Data Science' },
] as const;

const COLOURS = ['#1d4ed8', '#0f766e', '#7c3aed', '#b45309', '#be123c', '#0369a1'] as const;

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function avatar(initials: string, colour: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="${colour}"/><circle cx="100" cy="78" r="36" fill="#ffffff" fill-opacity="0.18"/><text x="100" y="118" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="600" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`,
  );
}

function banner(colour: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1584" height="396" viewBox="0 0 1584 396"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0b1220"/></linearGradient></defs><rect width="1584" height="396" fill="url(#g)"/><circle cx="1320" cy="80" r="220" fill="#ffffff" fill-opacity="0.06"/><circle cx="1480" cy="340" r="160" fill="#ffffff" fill-opacity="0.05"/><path d="M0 300 C 300 240, 600 360, 900 300 S 1400 260, 1584 310 L 1584 396 L 0 396 Z" fill="#ffffff" fill-opacity="0.07"/></svg>`,
  );
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Followers the sandbox person gains a day: a few, from the username, so analytics snapshots
 * taken days apart see the audience grow, and the same account grows the same way everywhere.
 */
export function sandboxFollowersPerDay(username: string): number {
  return 2 + Math.floor(seededRandom(`followers:${username}`)() * 10);
}

/**
 * The sandbox person behind a username. `connectedSince` (the sandbox account's creation) and
 * `now` make the follower count grow by whole days since then; without them it is the base count.
 */
export function sandboxProfile(
  username: string,
  accountId: string,
  growth?: { connectedSince: Date; now: Date },
): FullProfile {
  const random = seededRandom(`profile:${username}`);
  const [first, last] = pick(random, PEOPLE);
  const role = pick(random, ROLES);
  const colour = pick(random, COLOURS);
  const handle = `${first}-${last}`.toLowerCase().replace(/[^a-z-]/g, '');
  const publicIdentifier = `${handle}-${accountId.slice(-6)}`;
  const firstSchool = pick(random, SCHOOLS.slice(0, 3));
  const secondSchool = pick(random, SCHOOLS.slice(3));
  const graduated = between(random, 2008, 2016);
  const skillCount = between(random, 4, role.skills.length);
  return {
    first_name: first,
    last_name: last,
    profile_picture_url: avatar(`${first[0]}${last[0]}`, colour),
    headline: role.headline,
    location: pick(random, LOCATIONS),
    public_identifier: publicIdentifier,
    provider_id: `ACoAAB${createHash('sha256').update(username).digest('base64url').slice(0, 26)}`,
    email: username.includes('@') ? username : null,
    premium: random() < 0.4,
    summary: role.summary,
    background_picture_url: banner(colour),
    websites: [`https://${handle}.example.com`],
    education: [
      { ...secondSchool, start: String(graduated + 3), end: String(graduated + 4) },
      { ...firstSchool, start: String(graduated - 4), end: String(graduated) },
    ],
    skills: role.skills.slice(0, skillCount).map((name) => ({ name, endorsement_count: between(random, 3, 99) })),
    follower_count:
      between(random, 1_200, 24_000) +
      (growth
        ? Math.max(0, Math.floor((growth.now.getTime() - growth.connectedSince.getTime()) / DAY_MS)) *
          sandboxFollowersPerDay(username)
        : 0),
    connections_count: between(random, 300, 500) + (random() < 0.5 ? 0 : between(random, 0, 4_000)),
  };
}

const POST_TEXTS = [
  'Three years ago I almost shut the company down. What changed? We stopped building what we thought customers wanted and started calling ten of them every week. Ask your customers. Then ask again.',
  'Hiring tip: the best signal in an interview is not the perfect answer. It is how someone thinks out loud when they do not know the answer yet.',
  'We shipped our biggest release this year today. 14 weeks, 6 people, 1 rule: every decision written down in one page. Proud of this team.',
  'Your personal brand is not what you say about yourself. It is what people repeat about you when you are not in the room. Post what you want them to repeat.',
  'Five things I learned from 200 sales calls:\n1. Listen twice as long as you talk\n2. Price is rarely the real objection\n3. Follow up within a day\n4. Write the proposal with the customer\n5. Say no to bad-fit deals',
  'النجاح لا يأتي من فكرة عظيمة وحدها، بل من تنفيذ صغير ومتكرر كل يوم. ما الخطوة الصغيرة التي ستنفذها اليوم؟',
  'Remote work did not kill culture. Unclear goals did. When everyone knows what matters this quarter, distance matters much less.',
  'I asked 50 founders what they would do differently. The most common answer: hire a great operator earlier. Not another engineer. An operator.',
  'نصيحة لكل من يبدأ في كتابة المحتوى: اكتب كما تتحدث، وشارك تجربة حقيقية، وابدأ قبل أن تشعر بأنك جاهز تمامًا.',
  'Data does not make decisions. People do. Data just makes it harder to fool ourselves. Build dashboards that answer one question each.',
  'We cut our meeting time in half this month. No new tool: every meeting now needs a written goal and ends with a decision or it is cancelled.',
  'The most underrated career skill: writing clearly. Clear writing is clear thinking, and it scales further than any meeting.',
] as const;

export interface SeedPost {
  text: string;
  createdAt: Date;
  reactions: number;
  comments: number;
  reposts: number;
  impressions: number;
}

/** The posts a sandbox account already has when it first connects: about two a month. */
export function sandboxSeedPosts(username: string, now: Date): SeedPost[] {
  const random = seededRandom(`posts:${username}`);
  const count = between(random, 9, 12);
  const texts = [...POST_TEXTS].sort(() => random() - 0.5).slice(0, count);
  const day = 24 * 3600 * 1000;
  let at = now.getTime() - between(random, 1, 4) * day;
  return texts.map((text) => {
    const createdAt = new Date(at - between(random, 8, 16) * 3600 * 1000);
    at -= between(random, 10, 24) * day;
    const impressions = between(random, 900, 26_000);
    return {
      text,
      createdAt,
      impressions,
      reactions: Math.round(impressions * (0.01 + random() * 0.04)),
      comments: Math.round(impressions * (0.001 + random() * 0.005)),
      reposts: Math.round(impressions * random() * 0.003),
    };
  });
}

/**
 * How far a post of the sandbox's history has come at an age: most of its counters come in its
 * first day or two, the rest trickle in over two months. Counted in whole hours, so an answer
 * stays the same for an hour (screens and tests see steady figures) and grows from hour to hour.
 */
export function historyGrowth(ageMs: number): number {
  const hours = Math.max(0, Math.floor(ageMs / HOUR_MS));
  return Math.min(1, 0.8 * (1 - Math.exp(-hours / 12)) + 0.2 * Math.min(1, hours / (60 * 24)));
}

/**
 * The counters a post of the sandbox's history shows at `now`: the stored ones, true when they
 * were counted, grown by as much as the post's age has grown since. A post counted at its
 * publishing (nothing to grow from) keeps them.
 */
export function historyCounters(
  stored: { reactions: number; comments: number; reposts: number; impressions: number },
  post: { createdAt: Date; countedAt: Date },
  now: Date,
) {
  const then = historyGrowth(post.countedAt.getTime() - post.createdAt.getTime());
  const factor = then > 0 ? Math.max(1, historyGrowth(now.getTime() - post.createdAt.getTime()) / then) : 1;
  return {
    impressions: Math.round(stored.impressions * factor),
    reactions: Math.round(stored.reactions * factor),
    comments: Math.round(stored.comments * factor),
    reposts: Math.round(stored.reposts * factor),
  };
}

/** Counters of a post published through the product: they grow with its age, then level off. */
export function liveCounters(createdAt: Date, now: Date) {
  const minutes = Math.max(0, (now.getTime() - createdAt.getTime()) / 60_000);
  const impressions = Math.round(6_000 * (1 - Math.exp(-minutes / 720)));
  return {
    impressions,
    reactions: Math.floor(impressions * 0.03),
    comments: Math.floor(impressions * 0.004),
    reposts: Math.floor(impressions * 0.002),
  };
}

/** The network's short date text: "5m", "3h", "2d", "3w", "4mo", "1y". */
export function shortAge(createdAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
  if (minutes < 60) return `${Math.max(1, minutes)}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}

/** One day's figures of a sandbox post, as the network's post analytics give them. */
export interface SandboxDay extends PostMetrics {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A sandbox post's figures on one UTC day: drawn from the post's id and the day alone, so every
 * process and every run answers the same. Most come in the first days after publishing, then a
 * trickle; nothing before the post existed or after `now`. The day under way counts only its
 * whole hours gone by (the same answer for an hour), so the figures grow with time.
 */
export function sandboxPostDay(postId: string, publishedAt: Date, date: string, now: Date): SandboxDay {
  const zero = { date, impressions: 0, membersReached: 0, reactions: 0, comments: 0, reposts: 0, saves: 0, sends: 0 };
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const from = Math.max(dayStart, publishedAt.getTime());
  const to = Math.min(dayStart + DAY_MS, now.getTime());
  // The share of the day the post was up, in whole hours gone by.
  const hours = Math.floor((to - from) / HOUR_MS);
  if (Number.isNaN(dayStart) || hours <= 0) return zero;
  const age = Math.max(0, Math.floor((dayStart - Date.parse(`${utcDay(publishedAt.getTime())}T00:00:00Z`)) / DAY_MS));
  const post = seededRandom(`sandbox-post:${postId}`);
  const peak = between(post, 600, 6_000);
  const rate = 0.015 + post() * 0.03;
  const day = seededRandom(`sandbox-day:${postId}:${date}`);
  const wave = peak * Math.exp(-age / 2.5) + (age < 60 ? peak * 0.01 : 0);
  const impressions = Math.round(wave * (0.7 + day() * 0.6) * (hours / 24));
  return {
    date,
    impressions,
    membersReached: Math.round(impressions * (0.6 + day() * 0.2)),
    reactions: Math.round(impressions * rate),
    comments: Math.round(impressions * (0.001 + day() * 0.005)),
    reposts: Math.round(impressions * day() * 0.003),
    saves: Math.round(impressions * day() * 0.004),
    sends: Math.round(impressions * day() * 0.002),
  };
}

/** A sandbox post's figures day by day, from its publishing day to `now`'s (UTC days, oldest first). */
export function sandboxPostDays(postId: string, publishedAt: Date, now: Date): SandboxDay[] {
  const days: SandboxDay[] = [];
  const last = utcDay(now.getTime());
  for (let at = publishedAt.getTime(), date = utcDay(at); date <= last && days.length < 800; ) {
    days.push(sandboxPostDay(postId, publishedAt, date, now));
    at += DAY_MS;
    date = utcDay(at);
  }
  return days;
}

/** The company pages a sandbox member administers, one each, named from the login. */
const SANDBOX_PAGE_NAMES = [
  'شركة الأفق للاستشارات',
  'Northwind Studio',
  'مؤسسة نماء الرقمية',
  'Blue Harbor Labs',
  'دار البيان للتدريب',
  'Cedar & Co.',
];

/** The company page the sandbox member of `accountId` administers: its URN and name. */
export function sandboxPage(accountId: string): { organization: string; name: string } {
  const random = seededRandom(`page:${accountId}`);
  const number = 80_000_000 + Math.floor(random() * 9_000_000);
  return { organization: `urn:li:organization:${number}`, name: pick(random, SANDBOX_PAGE_NAMES) };
}

/** The page's followers before the year its statistics cover. */
export function sandboxPageBaseFollowers(organization: string): number {
  return 400 + Math.floor(seededRandom(`page-followers:${organization}`)() * 3_000);
}

/**
 * A sandbox page's figures on one UTC day besides those of its posts: the visits and followers a
 * page gathers on its own, drawn from the page and the day (the same on every look).
 */
export function sandboxPageDay(organization: string, date: string) {
  const random = seededRandom(`page-day:${organization}:${date}`);
  return {
    impressions: 40 + Math.floor(random() * 220),
    clicks: Math.floor(random() * 12),
    reactions: Math.floor(random() * 15),
    comments: Math.floor(random() * 4),
    shares: Math.floor(random() * 3),
    followersGained: Math.floor(random() * 4),
  };
}
