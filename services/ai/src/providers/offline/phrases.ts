import type { GOAL_OPTIONS, INTEREST_OPTIONS, TONE_OPTIONS } from '@nashr/contracts';

type Goal = (typeof GOAL_OPTIONS)[number];
type Interest = (typeof INTEREST_OPTIONS)[number];
type Tone = (typeof TONE_OPTIONS)[number];

/** The offline writer groups the twelve tones into three registers it can actually write in. */
export type Register = 'formal' | 'warm' | 'uplifting';

export const TONE_REGISTER: Record<Tone, Register> = {
  Professional: 'formal',
  Formal: 'formal',
  Analytical: 'formal',
  Technical: 'formal',
  Casual: 'warm',
  Informal: 'warm',
  Humorous: 'warm',
  Empathetic: 'warm',
  Ignorant: 'warm',
  Inspirational: 'uplifting',
  Motivational: 'uplifting',
  Bold: 'uplifting',
};

/** Everything the offline writer says, in one language. */
export interface Phrases {
  hook: Record<Register, (topic: string) => string>;
  intro: (jobTitle: string | null) => string;
  goal: Record<Goal, string>;
  interestName: Record<Interest, string>;
  hashtag: Record<Interest, string>;
  interestLine: (interest: string) => string;
  pointSets: string[][];
  monthlyReflection: string;
  technicalLine: string;
  formalLine: string;
  closing: Record<Register, string>;
  rewriteHook: Record<Register, string>;
  longerLine: (interest: string, point: string) => string;
  casualOpener: string;
  casualClosing: string;
  formalOpener: string;
  /** Words swapped when making text casual (formal → casual); formal does the reverse. */
  contractions: [formal: string, casual: string][];
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export const ENGLISH: Phrases = {
  hook: {
    formal: (topic) => `A few honest observations on ${topic}.`,
    warm: (topic) => `Let's talk about ${topic} for a minute.`,
    uplifting: (topic) => `Every big change starts small, and ${topic} is no exception.`,
  },
  intro: (jobTitle) =>
    jobTitle
      ? `As ${article(jobTitle)} ${jobTitle}, this is something I deal with every week.`
      : 'This is something I deal with every week.',
  goal: {
    'Establish expertise': 'What experience has taught me: the details decide the outcome far more than the headlines.',
    'Grow Network': 'If you are working on this too, I would love to connect and compare notes.',
    'Promote Services': 'It is also the kind of challenge I help teams work through every day.',
    'Increase engagement': 'I am curious how others see it, so I will keep this short and open.',
    'Drive website traffic': 'I have written a longer piece on it; the link is in the comments.',
    'Educate audience': 'Here is what I wish someone had told me earlier.',
    'Be a thought leader': 'My view: the people who win here are the ones who question the defaults.',
  },
  interestName: {
    'Personal Development': 'personal development',
    Entrepreneurship: 'entrepreneurship',
    Productivity: 'productivity',
    'Work-Life Balance': 'work-life balance',
    'Diversity & Inclusion': 'diversity and inclusion',
    Innovation: 'innovation',
    Leadership: 'leadership',
  },
  hashtag: {
    'Personal Development': '#PersonalDevelopment',
    Entrepreneurship: '#Entrepreneurship',
    Productivity: '#Productivity',
    'Work-Life Balance': '#WorkLifeBalance',
    'Diversity & Inclusion': '#DiversityAndInclusion',
    Innovation: '#Innovation',
    Leadership: '#Leadership',
  },
  interestLine: (interest) => `It connects directly to ${interest}, which matters more every year.`,
  pointSets: [
    [
      'Start small: one clear step beats a perfect plan.',
      'Share what you learn, including what did not work.',
      'Measure what changes, then adjust.',
    ],
    [
      'Be clear about the problem before choosing a solution.',
      'Ask the people closest to the work.',
      'Review the results honestly and keep what works.',
    ],
    [
      'Make time for it on purpose, not only when it is convenient.',
      'Learn from people a few steps ahead of you.',
      'Write down what you notice: patterns show up fast.',
    ],
  ],
  monthlyReflection:
    'Looking back over the past month, the biggest shift was not in tools or tactics but in habits. Consistency compounds.',
  technicalLine: 'Under the hood it comes down to tight feedback loops, clear metrics and disciplined iteration.',
  formalLine: 'In short, sustainable results rest on deliberate practice and sound judgement.',
  closing: {
    formal: 'How do you approach this in your work?',
    warm: 'What about you? Tell me in the comments.',
    uplifting: 'What is one small step you will take this week?',
  },
  rewriteHook: {
    formal: 'One thing worth pausing on:',
    warm: 'A quick story worth sharing:',
    uplifting: 'This matters more than it looks:',
  },
  longerLine: (interest, point) => `Why does it matter? Because it ties directly to ${interest}. ${point}`,
  casualOpener: 'Honestly?',
  casualClosing: 'What do you think? 😊',
  formalOpener: 'I would like to share a brief reflection.',
  contractions: [
    ['I am', "I'm"],
    ['do not', "don't"],
    ['does not', "doesn't"],
    ['did not', "didn't"],
    ['it is', "it's"],
    ['It is', "It's"],
    ['cannot', "can't"],
    ['we are', "we're"],
    ['you are', "you're"],
    ['will not', "won't"],
    ['is not', "isn't"],
    ['that is', "that's"],
    ['I would', "I'd"],
    ['I have', "I've"],
  ],
};

export const ARABIC: Phrases = {
  hook: {
    formal: (topic) => `ملاحظات صادقة حول ${topic}.`,
    warm: (topic) => `لنتحدث قليلًا عن ${topic}.`,
    uplifting: (topic) => `كل تغيير كبير يبدأ بخطوة صغيرة، وهذا ينطبق على ${topic} أيضًا.`,
  },
  intro: (jobTitle) =>
    jobTitle ? `بصفتي ${jobTitle}، هذا موضوع أتعامل معه كل أسبوع.` : 'هذا موضوع أتعامل معه كل أسبوع.',
  goal: {
    'Establish expertise': 'ما علّمتني إياه التجربة: التفاصيل هي التي تصنع النتيجة، لا العناوين.',
    'Grow Network': 'إن كنت تعمل على هذا أيضًا، يسعدني أن نتواصل ونتبادل الخبرات.',
    'Promote Services': 'وهو أيضًا من التحديات التي أساعد الفرق على تجاوزها كل يوم.',
    'Increase engagement': 'يهمني أن أسمع وجهات نظركم، لذلك سأجعل هذا المنشور قصيرًا ومفتوحًا للنقاش.',
    'Drive website traffic': 'كتبت مقالًا أطول عن هذا الموضوع، والرابط في التعليقات.',
    'Educate audience': 'إليكم ما تمنيت لو أخبرني به أحد في وقت أبكر.',
    'Be a thought leader': 'رأيي: من ينجح هنا هو من يعيد التفكير في المسلّمات.',
  },
  interestName: {
    'Personal Development': 'التطوير الشخصي',
    Entrepreneurship: 'ريادة الأعمال',
    Productivity: 'الإنتاجية',
    'Work-Life Balance': 'التوازن بين العمل والحياة',
    'Diversity & Inclusion': 'التنوع والشمول',
    Innovation: 'الابتكار',
    Leadership: 'القيادة',
  },
  hashtag: {
    'Personal Development': '#التطوير_الشخصي',
    Entrepreneurship: '#ريادة_الأعمال',
    Productivity: '#الإنتاجية',
    'Work-Life Balance': '#التوازن_بين_العمل_والحياة',
    'Diversity & Inclusion': '#التنوع_والشمول',
    Innovation: '#الابتكار',
    Leadership: '#القيادة',
  },
  interestLine: (interest) => `وهذا يرتبط مباشرة ب${interest}، وهو أمر تزداد أهميته عامًا بعد عام.`,
  pointSets: [
    [
      'ابدأ صغيرًا: خطوة واضحة واحدة أفضل من خطة مثالية.',
      'شارك ما تتعلمه، حتى ما لم ينجح.',
      'قِس ما يتغير، ثم عدّل مسارك.',
    ],
    [
      'افهم المشكلة جيدًا قبل أن تختار الحل.',
      'اسأل الأشخاص الأقرب إلى العمل نفسه.',
      'راجع النتائج بصدق واحتفظ بما ينجح.',
    ],
    ['خصّص له وقتًا عن قصد، لا حين يتيسّر فقط.', 'تعلّم ممن سبقوك بخطوات.', 'دوّن ملاحظاتك: الأنماط تظهر بسرعة.'],
  ],
  monthlyReflection:
    'بالنظر إلى الشهر الماضي، لم يكن التحول الأكبر في الأدوات أو الأساليب، بل في العادات. الاستمرارية تصنع الفرق.',
  technicalLine: 'من الناحية التقنية، يعود الأمر إلى حلقات تغذية راجعة سريعة، ومقاييس واضحة، وتحسين منضبط ومستمر.',
  formalLine: 'وخلاصة القول إن النتائج المستدامة تقوم على الممارسة المتأنية وحسن التقدير.',
  closing: {
    formal: 'كيف تتعاملون مع هذا في عملكم؟',
    warm: 'وأنتم، ما رأيكم؟ شاركوني في التعليقات.',
    uplifting: 'ما الخطوة الصغيرة التي ستخطوها هذا الأسبوع؟',
  },
  rewriteHook: {
    formal: 'أمر يستحق التوقف عنده:',
    warm: 'قصة قصيرة تستحق المشاركة:',
    uplifting: 'هذا أهم مما يبدو:',
  },
  longerLine: (interest, point) => `لماذا يهم هذا؟ لأنه يرتبط مباشرة ب${interest}. ${point}`,
  casualOpener: 'بصراحة،',
  casualClosing: 'ما رأيكم؟ 😊',
  formalOpener: 'أودّ أن أشارككم تأملًا موجزًا.',
  contractions: [],
};
