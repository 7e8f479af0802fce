import { type GOAL_OPTIONS, type INTEREST_OPTIONS, MAX_HEADLINE_CHARS } from '@nashr/contracts';
import type {
  AdviceAuthor,
  IdeaDraft,
  IdeasRequest,
  Language,
  ProfileReviewRequest,
  ProfileSuggestionDraft,
} from '../../prompts/index.js';
import { ARABIC, ENGLISH, type Phrases } from './phrases.js';
import { offlineLanguage } from './writer.js';

type Goal = (typeof GOAL_OPTIONS)[number];

const arabicPlural = new Intl.PluralRules('ar');

/**
 * A number and its Arabic noun in the form the number takes (six forms: «حرف واحد», «حرفان»,
 * «5 أحرف», «40 حرفًا», «300 حرف»); `forms` gives them, the number written where `#` stands.
 */
export function arabicCount(count: number, forms: Record<Intl.LDMLPluralRule, string>): string {
  return forms[arabicPlural.select(count)].replace('#', String(count));
}

/** «حرف» after a number, as an object or after a preposition (accusative or genitive dual). */
const CHARACTERS = {
  zero: '# حرف',
  one: 'حرفًا واحدًا',
  two: 'حرفين',
  few: '# أحرف',
  many: '# حرفًا',
  other: '# حرف',
} as const;
type Interest = (typeof INTEREST_OPTIONS)[number];

/**
 * The offline writer's advice: no model, only what the user gave us (their profile fields, job,
 * goals, interests and posts) put into a proven shape. Deterministic: the same data gives the
 * same advice, and the interface labels it as the built-in writer's.
 */
interface AdviceWords {
  phrases: Phrases;
  separator: string;
  comma: string;
  and: string;
  aProfessional: string;
  headlineOffer: Record<Goal, (interest: string) => string>;
  headlineReason: (parts: { interests: string; goal: string; length: number }) => string;
  headlineShort: (length: number) => string;
  headlineMissing: (interest: string) => string;
  aboutOpening: (role: string, interests: string) => string;
  aboutWorkOn: string;
  aboutSkillsFallback: string;
  aboutCall: Record<Goal, string>;
  aboutReason: (goal: string) => string;
  aboutEmpty: string;
  aboutBlock: (length: number) => string;
  skillFor: Record<Interest, string[]>;
  skillsReason: (interests: string, added: number) => string;
  skillsEmpty: string;
  jobIdeas: ((job: string) => string)[];
  jobWhy: (job: string) => string;
  goalIdeas: Record<Goal, string[]>;
  goalWhy: (goal: string) => string;
  interestIdeas: ((interest: string, job: string) => string)[];
  interestWhy: (interest: string) => string;
  themeIdea: (theme: string) => string;
  themeWhy: string;
  followUp: (opening: string) => string;
  followUpWhy: string;
  goalName: Record<Goal, string>;
}

const EN: AdviceWords = {
  phrases: ENGLISH,
  separator: ' | ',
  comma: ', ',
  and: ' & ',
  aProfessional: 'Professional',
  headlineOffer: {
    'Establish expertise': (i) => `Sharing what works in ${i}, from practice`,
    'Grow Network': (i) => `Always glad to connect with people in ${i}`,
    'Promote Services': () => 'Helping teams with [your service]',
    'Increase engagement': (i) => `Weekly questions and lessons on ${i}`,
    'Drive website traffic': () => 'More at [your website]',
    'Educate audience': (i) => `Explaining ${i} in plain words`,
    'Be a thought leader': (i) => `Questioning the defaults of ${i}`,
  },
  headlineReason: ({ interests, goal }) =>
    `Says who you are first, then the topics your audience follows (${interests}), and ends with what you offer, which serves your goal: ${goal}.`,
  headlineShort: (length) =>
    ` Your current headline uses ${length} of the ${MAX_HEADLINE_CHARS} characters a headline can hold.`,
  headlineMissing: (interest) => ` Your current headline does not mention ${interest}, which your audience looks for.`,
  aboutOpening: (role, interests) => `I am ${role}, working on ${interests}.`,
  aboutWorkOn: 'What I work on:',
  aboutSkillsFallback: '[a skill you are known for]',
  aboutCall: {
    'Establish expertise': 'I share what I learn along the way here. Follow along if it is useful to you.',
    'Grow Network': 'If you work on the same things, send me a message: I am always glad to compare notes.',
    'Promote Services': 'If your team needs help with [your service], send me a message.',
    'Increase engagement': 'I post questions and lessons every week: tell me in the comments how you see it.',
    'Drive website traffic': 'You will find my longer pieces at [your website].',
    'Educate audience': 'I explain the basics in plain words here: follow along if you are starting out.',
    'Be a thought leader': 'I write about where the field is going and which defaults deserve questioning.',
  },
  aboutReason: (goal) =>
    `Opens with who you are and what you work on, keeps your own words, lists your strongest skills and ends with one clear call to action for your goal: ${goal}. Replace the parts in [brackets] with your own facts.`,
  aboutEmpty: ' Your About section is empty today; it is what visitors read before they follow or message you.',
  aboutBlock: (length) =>
    ` Your current About is one block of ${length} characters; short paragraphs are easier to read.`,
  skillFor: {
    'Personal Development': ['Coaching', 'Mentoring'],
    Entrepreneurship: ['Entrepreneurship', 'Business Strategy'],
    Productivity: ['Time Management', 'Process Improvement'],
    'Work-Life Balance': ['Wellbeing at Work', 'Team Management'],
    'Diversity & Inclusion': ['Diversity & Inclusion', 'Inclusive Hiring'],
    Innovation: ['Innovation Management', 'Product Strategy'],
    Leadership: ['Leadership', 'Team Building'],
  },
  skillsReason: (interests, added) =>
    `The first skills are the ones LinkedIn shows: this order puts those closest to your role and to ${interests} first${added ? `, and adds ${added} your audience looks for` : ''}.`,
  skillsEmpty: ' You have not listed skills yet: they help people and searches find you.',
  jobIdeas: [
    (job) => `A mistake you often see in your work as ${job}, and how to avoid it`,
    (job) => `What a real working week looks like for a ${job}`,
    (job) => `The question people ask you most as a ${job}, answered in one post`,
    (job) => `One tool or habit that changed how you work as a ${job}`,
    (job) => `What you would tell someone starting out as a ${job} today`,
  ],
  jobWhy: (job) => `Comes from your work as ${job}: you can write it from experience.`,
  goalIdeas: {
    'Establish expertise': ['A small detail most people overlook in your field, and why it decides the outcome'],
    'Grow Network': ['Someone whose advice changed your work, and what they taught you'],
    'Promote Services': ['A problem you solved for a client last month, told as a short story (no names)'],
    'Increase engagement': ['A question you have no settled answer to yet: ask your network'],
    'Drive website traffic': ['The short version of a longer piece you wrote: three takeaways'],
    'Educate audience': ['A term from your field explained in three sentences'],
    'Be a thought leader': ['A common belief in your field you disagree with, and why'],
  },
  goalWhy: (goal) => `Serves your goal: ${goal}.`,
  interestIdeas: [
    (interest) => `Three myths about ${interest}, and what you have seen instead`,
    (interest) => `A lesson about ${interest} you learned the hard way`,
    (interest, job) => `How ${interest} shows up in your daily work as ${job}`,
    (interest) => `One change in ${interest} you are watching this year, and why it matters`,
  ],
  interestWhy: (interest) => `Your audience follows ${interest}.`,
  themeIdea: (theme) => `Go deeper on “${theme}”: one angle you have not written about yet`,
  themeWhy: 'Your posts come back to this word often: your readers expect more of it.',
  followUp: (opening) => `A follow-up to your post “${opening}”: what changed since, or what readers asked`,
  followUpWhy: 'Builds on a post you already wrote, without repeating it.',
  goalName: {
    'Establish expertise': 'establish expertise',
    'Grow Network': 'grow your network',
    'Promote Services': 'promote your services',
    'Increase engagement': 'increase engagement',
    'Drive website traffic': 'drive website traffic',
    'Educate audience': 'educate your audience',
    'Be a thought leader': 'be a thought leader',
  },
};

const AR: AdviceWords = {
  phrases: ARABIC,
  separator: ' | ',
  comma: '، ',
  and: ' و',
  aProfessional: 'مهني',
  headlineOffer: {
    'Establish expertise': (i) => `أشارك ما ينجح فعلًا في ${i} من واقع التجربة`,
    'Grow Network': (i) => `يسعدني التواصل مع المهتمين بمجال ${i}`,
    'Promote Services': () => 'أساعد الفرق في [خدمتك]',
    'Increase engagement': (i) => `أسئلة ودروس أسبوعية عن ${i}`,
    'Drive website traffic': () => 'المزيد على [موقعك]',
    'Educate audience': (i) => `أشرح ${i} بلغة بسيطة`,
    'Be a thought leader': (i) => `أعيد التفكير في مسلّمات ${i}`,
  },
  headlineReason: ({ interests, goal }) =>
    `يبدأ بمن تكون، ثم يذكر المواضيع التي يتابعها جمهورك (${interests})، ويختم بما تقدّمه، وهذا يخدم هدفك: ${goal}.`,
  headlineShort: (length) =>
    ` عنوانك الحالي يستخدم ${arabicCount(length, CHARACTERS)} فقط، والعنوان يتسع لعدد من الأحرف يصل إلى ${MAX_HEADLINE_CHARS}.`,
  headlineMissing: (interest) => ` عنوانك الحالي لا يذكر ${interest}، وهو ما يبحث عنه جمهورك.`,
  aboutOpening: (role, interests) => `أنا ${role}، ومن اهتماماتي ${interests}.`,
  aboutWorkOn: 'ما أعمل عليه:',
  aboutSkillsFallback: '[مهارة تُعرف بها]',
  aboutCall: {
    'Establish expertise': 'أشارك هنا ما أتعلّمه في الطريق، فتابعني إن كان يفيدك.',
    'Grow Network': 'إن كنت تعمل على الأمور نفسها فراسلني، يسعدني دائمًا تبادل الخبرات.',
    'Promote Services': 'إن احتاج فريقك إلى مساعدة في [خدمتك] فراسلني.',
    'Increase engagement': 'أنشر كل أسبوع أسئلة ودروسًا، فشاركني رأيك في التعليقات.',
    'Drive website traffic': 'تجد مقالاتي الأطول على [موقعك].',
    'Educate audience': 'أشرح الأساسيات هنا بلغة بسيطة، فتابعني إن كنت في بداية الطريق.',
    'Be a thought leader': 'أكتب عن اتجاه المجال والمسلّمات التي تستحق المراجعة.',
  },
  aboutReason: (goal) =>
    `يبدأ بمن تكون وما تعمل عليه، ويحافظ على كلماتك، ويعرض أبرز مهاراتك، ثم يختم بدعوة واحدة واضحة تخدم هدفك: ${goal}. ضع معلوماتك مكان ما بين [القوسين].`,
  aboutEmpty: ' قسم «نبذة عني» فارغ اليوم، وهو أول ما يقرؤه الزائر قبل أن يتابعك أو يراسلك.',
  aboutBlock: (length) => ` نبذتك الحالية كتلة واحدة عدد أحرفها ${length}، والفقرات القصيرة أسهل في القراءة.`,
  skillFor: {
    'Personal Development': ['التدريب والإرشاد', 'التوجيه المهني'],
    Entrepreneurship: ['ريادة الأعمال', 'استراتيجية الأعمال'],
    Productivity: ['إدارة الوقت', 'تحسين العمليات'],
    'Work-Life Balance': ['رفاهية بيئة العمل', 'إدارة الفرق'],
    'Diversity & Inclusion': ['التنوع والشمول', 'التوظيف الشامل'],
    Innovation: ['إدارة الابتكار', 'استراتيجية المنتجات'],
    Leadership: ['القيادة', 'بناء الفرق'],
  },
  skillsReason: (interests, added) =>
    `يعرض لينكدإن أولى المهارات في القائمة، وهذا الترتيب يقدّم الأقرب إلى عملك وإلى ${interests}${added ? `، ويضيف ${added} مما يبحث عنه جمهورك` : ''}.`,
  skillsEmpty: ' لم تضف مهارات بعد، وهي تساعد الناس ومحركات البحث على الوصول إليك.',
  jobIdeas: [
    (job) => `خطأ شائع تراه في عملك بصفتك ${job}، وكيف تتجنّبه`,
    (job) => `كيف يبدو أسبوع عمل حقيقي بصفتك ${job}`,
    (job) => `السؤال الذي يطرحه الناس عليك أكثر من غيره بصفتك ${job}، وجوابه في منشور واحد`,
    (job) => `أداة أو عادة غيّرت طريقة عملك بصفتك ${job}`,
    (job) => `نصيحتك لمن يبدأ اليوم مسيرته بصفته ${job}`,
  ],
  jobWhy: (job) => `من صميم عملك بصفتك ${job}، فتكتبه من تجربتك.`,
  goalIdeas: {
    'Establish expertise': ['تفصيل صغير يغفل عنه كثيرون في مجالك، ولماذا يحسم النتيجة'],
    'Grow Network': ['شخص غيّرت نصيحته طريقة عملك، وما الذي تعلّمته منه'],
    'Promote Services': ['مشكلة حللتها لعميل الشهر الماضي، في قصة قصيرة دون ذكر أسماء'],
    'Increase engagement': ['سؤال لم تحسم إجابته بعد، اطرحه على شبكة علاقاتك'],
    'Drive website traffic': ['خلاصة مقال أطول كتبته، في ثلاث نقاط'],
    'Educate audience': ['مصطلح من مجالك تشرحه في ثلاث جمل'],
    'Be a thought leader': ['قناعة شائعة في مجالك تخالفها، ولماذا'],
  },
  goalWhy: (goal) => `يخدم هدفك: ${goal}.`,
  interestIdeas: [
    (interest) => `ثلاث خرافات عن ${interest}، وما رأيته في الواقع`,
    (interest) => `درس في ${interest} تعلّمته بالطريقة الصعبة`,
    (interest, job) => `كيف يظهر ${interest} في عملك اليومي بصفتك ${job}`,
    (interest) => `تحوّل في ${interest} تتابعه هذا العام، ولماذا يهمّ`,
  ],
  interestWhy: (interest) => `جمهورك يتابع ${interest}.`,
  themeIdea: (theme) => `تعمّق في «${theme}»: زاوية لم تكتب عنها بعد`,
  themeWhy: 'تعود منشوراتك إلى هذه الكلمة كثيرًا، وقرّاؤك ينتظرون المزيد عنها.',
  followUp: (opening) => `متابعة لمنشورك «${opening}»: ما الذي تغيّر منذ ذلك الحين، أو ما الذي سأل عنه القرّاء`,
  followUpWhy: 'يبني على منشور كتبته دون أن يكرّره.',
  goalName: {
    'Establish expertise': 'ترسيخ خبرتك',
    'Grow Network': 'توسيع شبكة علاقاتك',
    'Promote Services': 'الترويج لخدماتك',
    'Increase engagement': 'زيادة التفاعل',
    'Drive website traffic': 'زيادة زيارات موقعك',
    'Educate audience': 'تثقيف جمهورك',
    'Be a thought leader': 'الريادة الفكرية في مجالك',
  },
};

const WORDS: Partial<Record<Language, AdviceWords>> = { English: EN, Arabic: AR };
const wordsFor = (language: Language) => WORDS[offlineLanguage(language)] ?? EN;

/** A stable number from text, so the same data always gives the same advice. */
function hashOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

const cut = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, max - 1).trimEnd()}…`);

function joinNames(words: AdviceWords, names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(words.comma)}${words.and}${names.at(-1)}`;
}

const interestNames = (words: AdviceWords, author: AdviceAuthor) =>
  author.interests.map((interest) => words.phrases.interestName[interest]);

/** The role the user gives themselves: the headline's first part, else the job title they told us. */
function roleOf(headline: string, author: AdviceAuthor, words: AdviceWords): string {
  const first = headline.split(/\s[|•·–-]\s|\|/)[0]?.trim();
  return first || author.jobTitle || words.aProfessional;
}

export interface OfflineReview {
  suggestions: ProfileSuggestionDraft[];
  language: Language;
}

/** Rewrites built from the profile and the personalization, with reasons that name what was measured. */
export function reviewProfileOffline(request: ProfileReviewRequest): OfflineReview {
  const language = offlineLanguage(request.language);
  const words = wordsFor(language);
  const { headline, about, skills } = request.profile;
  const { author } = request;
  const goal: Goal = author.goals[0] ?? 'Establish expertise';
  const goalName = words.goalName[goal];
  const interests = interestNames(words, author);
  const topInterests = interests.slice(0, 2);
  const role = roleOf(headline, author, words);

  // Headline: role | topics | what you offer.
  const offer = words.headlineOffer[goal](topInterests[0] ?? words.phrases.interestName.Leadership);
  const newHeadline = cut([role, joinNames(words, topInterests), offer].filter(Boolean).join(words.separator), 220);
  let headlineReason = words.headlineReason({
    interests: joinNames(words, topInterests),
    goal: goalName,
    length: headline.length,
  });
  if (headline && headline.length < 60) headlineReason += words.headlineShort(headline.length);
  const missing = topInterests.find((name) => !headline.toLowerCase().includes(name.toLowerCase()));
  if (headline && missing) headlineReason += words.headlineMissing(missing);

  // About: opening, the user's own first lines, skills, one call to action.
  const ownWords = about
    .split(/\n\s*\n|(?<=[.!?؟])\s+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 2)
    .join(' ');
  const ranked = rankSkills(skills, author, words);
  const aboutSkills = ranked.slice(0, 4);
  const newAbout = cut(
    [
      words.aboutOpening(role, joinNames(words, interests.slice(0, 3))),
      ownWords,
      [
        words.aboutWorkOn,
        ...(aboutSkills.length ? aboutSkills : [words.aboutSkillsFallback]).map((s) => `• ${s}`),
      ].join('\n'),
      words.aboutCall[goal],
    ]
      .filter(Boolean)
      .join('\n\n'),
    2600,
  );
  let aboutReason = words.aboutReason(goalName);
  if (!about) aboutReason += words.aboutEmpty;
  else if (!about.includes('\n') && about.length > 400) aboutReason += words.aboutBlock(about.length);

  // Skills: closest to the role and interests first, plus what the audience looks for.
  const additions = author.interests
    .flatMap((interest) => words.skillFor[interest])
    .filter((skill) => !skills.some((own) => own.toLowerCase() === skill.toLowerCase()))
    .slice(0, 3);
  const newSkills = [...ranked, ...additions].slice(0, 15);
  let skillsReason = words.skillsReason(joinNames(words, topInterests), additions.length);
  if (skills.length === 0) skillsReason += words.skillsEmpty;

  return {
    language,
    suggestions: [
      { field: 'headline', suggestion: newHeadline, reason: headlineReason },
      { field: 'about', suggestion: newAbout, reason: aboutReason },
      { field: 'skills', suggestion: newSkills.join('\n'), reason: skillsReason },
    ],
  };
}

/** The user's skills, those sharing words with their role or interests first (stable otherwise). */
function rankSkills(skills: string[], author: AdviceAuthor, words: AdviceWords): string[] {
  const keys = [
    author.jobTitle ?? '',
    ...interestNames(words, author),
    ...author.interests,
    ...author.interests.flatMap((interest) => words.skillFor[interest]),
  ]
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  const score = (skill: string) =>
    skill
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => keys.includes(word)).length;
  return skills
    .map((skill, index) => ({ skill, index, score: score(skill) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ skill }) => skill);
}

/** Words of a topic, for telling whether two topics say the same thing. */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/[\u064B-\u0652]/g, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  );
}

/** Share of the smaller topic's words the two have in common. */
export function overlap(a: string, b: string): number {
  const left = wordsOf(a);
  const right = wordsOf(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / Math.min(left.size, right.size);
}

/**
 * Says again what a post already said: mostly the same words, and about the same subject (ideas
 * share their shape, so 'Three myths about innovation' does not repeat a post on myths about productivity).
 */
function repeats(candidate: Candidate, posts: string[]): boolean {
  if (candidate.followUp) return false;
  const subject = candidate.subject?.toLowerCase();
  return posts.some(
    (post) => overlap(candidate.idea.topic, post) >= 0.6 && (!subject || post.toLowerCase().includes(subject)),
  );
}

interface Candidate {
  idea: IdeaDraft;
  /** What the idea is about (an interest, a theme, the job), when it has one. */
  subject?: string;
  /** Builds on a post on purpose. */
  followUp?: boolean;
}

/**
 * A day's ideas from the user's job, goals, interests and posts. Never an idea too close to a
 * recent post; ideas not given before come first, then the ones given longest ago; sources take
 * turns so a day mixes them.
 */
export function suggestIdeasOffline(request: IdeasRequest): { ideas: IdeaDraft[]; language: Language } {
  const language = offlineLanguage(request.language);
  const words = wordsFor(language);
  const { author } = request;
  const job = author.jobTitle?.trim() || '';
  const candidates: Candidate[] = [];
  if (job) {
    for (const idea of words.jobIdeas) {
      candidates.push({ idea: { topic: idea(job), why: words.jobWhy(job), source: 'job' }, subject: job });
    }
  }
  for (const goal of author.goals) {
    for (const topic of words.goalIdeas[goal]) {
      candidates.push({ idea: { topic, why: words.goalWhy(words.goalName[goal]), source: 'goal' } });
    }
  }
  for (const interest of author.interests) {
    const name = words.phrases.interestName[interest];
    for (const idea of words.interestIdeas) {
      const topic = idea(name, job || words.aProfessional);
      candidates.push({ idea: { topic, why: words.interestWhy(name), source: 'interest' }, subject: name });
    }
  }
  for (const theme of request.themes.slice(0, 3)) {
    candidates.push({ idea: { topic: words.themeIdea(theme), why: words.themeWhy, source: 'posts' }, subject: theme });
  }
  const latest = request.recentPosts[0];
  if (latest) {
    const idea: IdeaDraft = { topic: words.followUp(cut(latest, 60)), why: words.followUpWhy, source: 'posts' };
    candidates.push({ idea, followUp: true });
  }

  // Given longest ago first: the rank of an idea given before is how recently it was given.
  const givenRank = (topic: string) => {
    const index = request.earlierIdeas.findIndex((earlier) => earlier === topic || overlap(topic, earlier) >= 0.9);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  const fresh = candidates
    .filter((candidate) => !repeats(candidate, request.recentPosts))
    .map(({ idea }) => ({ idea, rank: givenRank(idea.topic), order: hashOf(`${request.seed}:${idea.topic}`) }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order);

  // Ideas never given come first, their sources taking turns so a day mixes them; then those given longest ago.
  const never = fresh.filter(({ rank }) => rank === Number.POSITIVE_INFINITY).map(({ idea }) => idea);
  const again = fresh.filter(({ rank }) => rank !== Number.POSITIVE_INFINITY).map(({ idea }) => idea);
  const bySource = new Map<string, IdeaDraft[]>();
  for (const idea of never) bySource.set(idea.source, [...(bySource.get(idea.source) ?? []), idea]);
  const chosen: IdeaDraft[] = [];
  while (chosen.length < request.count && [...bySource.values()].some((queue) => queue.length > 0)) {
    for (const queue of bySource.values()) {
      const next = queue.shift();
      if (next && chosen.length < request.count) chosen.push(next);
    }
  }
  for (const idea of again) if (chosen.length < request.count) chosen.push(idea);
  return { ideas: chosen, language };
}
