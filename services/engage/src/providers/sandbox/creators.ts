import type { EngageLanguage, FeedMedia } from '@nashr/contracts';

/** The sandbox's invented creators: a few dozen, half writing in Arabic and half in English. */
export interface SandboxCreator {
  handle: string;
  name: string;
  headline: string;
  language: EngageLanguage;
}

const AR: [string, string, string][] = [
  ['sara-alqahtani', 'سارة القحطاني', 'مديرة تسويق رقمي | أكتب عن بناء العلامات'],
  ['omar-alharbi', 'عمر الحربي', 'مؤسس شركة ناشئة في التقنية المالية'],
  ['nora-alshamsi', 'نورة الشامسي', 'مستشارة موارد بشرية وثقافة عمل'],
  ['khalid-almutairi', 'خالد المطيري', 'مهندس برمجيات | ذكاء اصطناعي'],
  ['huda-mansour', 'هدى منصور', 'صحفية اقتصادية ومحررة'],
  ['youssef-benali', 'يوسف بن علي', 'مدير مبيعات B2B في شمال أفريقيا'],
  ['layla-haddad', 'ليلى حداد', 'مصممة تجربة مستخدم'],
  ['faisal-aldosari', 'فيصل الدوسري', 'قائد فرق منتجات'],
  ['mariam-khoury', 'مريم خوري', 'مدربة قيادة وتطوير ذاتي'],
  ['ahmed-elsayed', 'أحمد السيد', 'محلل بيانات | أكتب عن الأرقام ببساطة'],
  ['reem-alzahrani', 'ريم الزهراني', 'رائدة أعمال في التجارة الإلكترونية'],
  ['tariq-nasser', 'طارق ناصر', 'مستثمر ملائكي'],
  ['dana-alkhatib', 'دانة الخطيب', 'كاتبة محتوى ومدربة كتابة'],
  ['hassan-jaber', 'حسن جابر', 'مدير مشاريع معتمد'],
  ['amal-alrashid', 'أمل الرشيد', 'باحثة في التعليم والتقنية'],
  ['ziad-farouk', 'زياد فاروق', 'مستشار تحول رقمي'],
  ['salma-idrissi', 'سلمى الإدريسي', 'مسؤولة توظيف تقني'],
  ['majed-alotaibi', 'ماجد العتيبي', 'خبير أمن سيبراني'],
];

const EN: [string, string, string][] = [
  ['emma-carter', 'Emma Carter', 'Head of Growth | writing about B2B marketing'],
  ['liam-patel', 'Liam Patel', 'Founder, two exits, now building in AI'],
  ['olivia-nguyen', 'Olivia Nguyen', 'People & Culture lead'],
  ['noah-schmidt', 'Noah Schmidt', 'Staff engineer, distributed systems'],
  ['ava-johnson', 'Ava Johnson', 'Product manager, fintech'],
  ['lucas-moreau', 'Lucas Moreau', 'Sales leader, EMEA'],
  ['mia-rossi', 'Mia Rossi', 'UX researcher'],
  ['ethan-brooks', 'Ethan Brooks', 'Data scientist, writes about analytics'],
  ['sophia-kim', 'Sophia Kim', 'Leadership coach'],
  ['james-okafor', 'James Okafor', 'VC partner, early stage'],
  ['isabella-garcia', 'Isabella Garcia', 'E-commerce operator'],
  ['benjamin-lee', 'Benjamin Lee', 'Remote work advocate, COO'],
  ['charlotte-evans', 'Charlotte Evans', 'Copywriter and ghostwriter'],
  ['daniel-cohen', 'Daniel Cohen', 'Cybersecurity consultant'],
  ['amelia-wright', 'Amelia Wright', 'Talent acquisition partner'],
  ['henry-adams', 'Henry Adams', 'Project delivery lead'],
  ['grace-muller', 'Grace Müller', 'EdTech researcher'],
  ['samuel-reyes', 'Samuel Reyes', 'Digital transformation advisor'],
];

export const SANDBOX_CREATORS: readonly SandboxCreator[] = [
  ...AR.map(([handle, name, headline]) => ({ handle, name, headline, language: 'ar' as const })),
  ...EN.map(([handle, name, headline]) => ({ handle, name, headline, language: 'en' as const })),
];

/** Post texts, by language: each creator's posts cycle through them from their own starting point. */
export const SANDBOX_POSTS: Record<EngageLanguage, readonly string[]> = {
  ar: [
    'تعلمت هذا الأسبوع أن التسويق الجيد لا يبدأ بالإعلان، بل بالإصغاء للعميل. جلسنا مع عشرة عملاء قبل أي حملة، فتغيرت الرسالة كلها.',
    'الذكاء الاصطناعي لن يأخذ وظيفتك، لكن زميلك الذي يعرف كيف يستخدمه قد يفعل. ما الأداة التي غيرت طريقة عملك هذا العام؟',
    'القيادة ليست منصبًا. القائد الحقيقي هو من يجعل فريقه يعمل جيدًا حتى في غيابه.',
    'رفضت عرض عمل براتب أعلى لأن ثقافة الشركة لم تناسبني. بعد سنة، أنا مقتنع أنه كان القرار الصحيح.',
    'أكبر خطأ في الشركات الناشئة: بناء المنتج قبل التأكد أن أحدًا يريده. تحدث مع السوق أولًا.',
    'العمل عن بعد ليس راحة فقط، بل مسؤولية. الفرق التي تنجح فيه تكتب كثيرًا وتجتمع قليلًا.',
    'في المبيعات، السؤال الجيد أقوى من العرض الجيد. اسأل عن المشكلة قبل أن تتحدث عن الحل.',
    'البيانات لا تكذب، لكنها لا تقول كل شيء. الرقم بلا سياق قد يقودك إلى قرار خاطئ.',
    'التوظيف أهم قرار يتخذه المدير. موظف واحد مناسب يرفع الفريق كله.',
    'كتبت كل يوم لمدة ستين يومًا على لينكدإن. أهم ما تعلمته: الاستمرارية تهزم الموهبة.',
    'الأمن السيبراني ليس مشكلة تقنية فقط، بل ثقافة. أغلب الاختراقات تبدأ برسالة بريد واحدة.',
    'التحول الرقمي لا يعني شراء أنظمة جديدة، بل تغيير طريقة اتخاذ القرار.',
  ],
  en: [
    'We stopped running ads for a month and talked to 30 customers instead. Our marketing message changed completely, and conversions doubled.',
    'AI will not replace you. A colleague who knows how to use AI well might. Which tool changed how you work this year?',
    'Leadership is not a title. The best leaders I worked with made their team great even when they were away.',
    'I turned down a higher salary because the culture felt wrong. A year later I am sure it was the right call.',
    'The biggest startup mistake I see: building the product before anyone has asked for it. Talk to the market first.',
    'Remote work is not a perk, it is a discipline. The teams that thrive write a lot and meet a little.',
    'In sales, a good question beats a good pitch. Ask about the problem before you talk about your solution.',
    'Data does not lie, but it rarely tells the whole story. A number without context can lead to a bad decision.',
    'Hiring is the most important decision a manager makes. One right person lifts the whole team.',
    'I posted on LinkedIn every day for 60 days. The lesson: consistency beats talent.',
    'Cybersecurity is a culture, not just a technology problem. Most breaches start with a single email.',
    'Digital transformation is not buying new software. It is changing how decisions get made.',
  ],
};

/** Where the sandbox's invented images are: they ship with the web app. */
const IMAGES = '/images/engage-sandbox';

/**
 * What some creators attach to every other post: an image (its alt text in the creator's
 * language) or a document (its title and pages), as the network shows them.
 */
export const SANDBOX_MEDIA: Readonly<Record<string, FeedMedia[]>> = {
  'emma-carter': [
    {
      kind: 'image',
      url: `${IMAGES}/growth-chart.svg`,
      alt: 'A line chart of monthly sign-ups rising steadily over six months',
      width: 1200,
      height: 627,
    },
  ],
  'noah-schmidt': [
    {
      kind: 'image',
      url: `${IMAGES}/queue-diagram.svg`,
      alt: 'A diagram of three services passing messages through one queue',
      width: 1200,
      height: 627,
    },
  ],
  'liam-patel': [{ kind: 'document', title: 'Lessons from two exits', pages: 12 }],
  'sophia-kim': [{ kind: 'document', title: 'The one-page leadership checklist', pages: 3 }],
  'sara-alqahtani': [
    {
      kind: 'image',
      url: `${IMAGES}/campaign-board.svg`,
      alt: 'لوحة حملة تسويقية فيها ثلاث بطاقات لرسائل العملاء وسهم نحو الهدف',
      width: 1200,
      height: 627,
    },
  ],
  'ahmed-elsayed': [
    {
      kind: 'image',
      url: `${IMAGES}/quarters-chart.svg`,
      alt: 'مخطط أعمدة يقارن نتائج أرباع السنة الأربعة',
      width: 1200,
      height: 627,
    },
  ],
  'omar-alharbi': [{ kind: 'document', title: 'دروس من جولة التمويل الأولى', pages: 10 }],
  'mariam-khoury': [{ kind: 'document', title: 'دليل القائد في أول تسعين يومًا', pages: 8 }],
};
