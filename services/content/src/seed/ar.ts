import { type ContentBlocks, CREDITS, PLAN_CATALOGUE, TRIAL_DAYS } from '@nashr/contracts';

/** Where the landing page's shipped images live (web/public/images/landing/). */
const image = (file: string) => `/images/landing/${file}`;

const plural = new Intl.PluralRules('ar');
/** A number with its noun in the form Arabic gives it (`#` is the number): «10 نقاط», «500 نقطة». */
const count = (n: number, forms: Record<Intl.LDMLPluralRule, string>) =>
  forms[plural.select(n)].replace('#', n.toLocaleString('en-US'));
const points = (n: number) =>
  count(n, { zero: '# نقطة', one: 'نقطة واحدة', two: 'نقطتان', few: '# نقاط', many: '# نقطةً', other: '# نقطة' });
const days = (n: number) =>
  count(n, { zero: '# يوم', one: 'يوم واحد', two: 'يومان', few: '# أيام', many: '# يومًا', other: '# يوم' });
const posts = (n: number) =>
  count(n, {
    zero: '# منشور',
    one: 'منشور واحد',
    two: 'منشوران',
    few: '# منشورات',
    many: '# منشورًا',
    other: '# منشور',
  });
const { trial, starter, pro } = PLAN_CATALOGUE;

/**
 * The landing page's Arabic marketing copy (the default language), served until an admin saves a
 * block. Like the English copy it states only what the product does: no invented counts, ratings,
 * testimonials or customers.
 */
export const arabicSeed: ContentBlocks = {
  hero: {
    headline: 'ابنِ علامتك الشخصية على لينكدإن بقوة الذكاء الاصطناعي',
    subheadline:
      'يكتب «نشر» منشوراتك بأسلوبك، ويخصّصها لجمهورك، ويجدولها في الوقت الذي تختاره، لتنشر بانتظام دون أن يستهلك ذلك أسبوعك.',
  },

  feature: {
    heading: { badge: 'المزايا', title: 'من الفكرة إلى النشر في ثلاث خطوات بسيطة' },
    feature: {
      icon: 'sparkles',
      title: 'منشورات بالذكاء الاصطناعي',
      description:
        'اكتب فكرتك في جملة واحدة واحصل خلال ثوانٍ على منشور متقن وجاهز للنشر. اجعله أقصر أو أطول أو أكثر عفوية أو أكثر رسمية بنقرة واحدة، أو أعد صياغته حتى يشبهك تمامًا.',
      buttonText: 'اكتب منشورك الأول',
      demoText:
        'قبل ثلاث سنوات كدتُ أتخلى عن شركتي الأولى. لم يكن التمويل ولا الحظ ما أبقاني، بل ثلاث عادات: أن أُطلق شيئًا جديدًا كل أسبوع، وأن أسأل عميلًا واحدًا سؤالًا صادقًا كل يوم، وأن أدوّن ما تعلّمته. أيّ عادة غيّرت مسيرتك المهنية؟',
      // A figure shows beside the button only once an admin writes one that is true.
      stats: { count: '', text: '' },
      image: image('feature-ai-posts.svg'),
      peopleBadge: '',
    },
    additionalFeatures: [
      {
        icon: 'user-cog',
        title: 'محتوى مخصّص لك',
        description:
          'أخبر «نشر» مرة واحدة عن وظيفتك وأهدافك واهتماماتك ونبرتك وأسلوبك في الكتابة، وستأتي كل مسودة بصوتك وتخاطب جمهورك، بالعربية أو بالإنجليزية.',
        image: image('feature-personalize.svg'),
      },
      {
        icon: 'calendar-clock',
        title: 'جدولة وإدارة',
        description:
          'خطّط لمنشورات أسبوع كامل في جلسة واحدة. اختر اليوم والساعة لكل منشور، وتابع كل شيء في التقويم، ودع «نشر» يتولى النشر عنك.',
        image: image('feature-schedule.svg'),
      },
    ],
  },

  'why-choose': {
    badge: 'لماذا «نشر»',
    title: 'لماذا يختار المحترفون «نشر»؟',
    description:
      'النشر المنتظم هو أسرع طريق ليراك الناس على لينكدإن، وهو أيضًا أصعب عادة يمكن الالتزام بها. يحوّله «نشر» إلى روتين أسبوعي قصير: تكتب منشورات أسبوع كامل وتعدّلها وتجدولها في جلسة واحدة.',
    stats: [
      { value: 'لغتان', description: 'العربية والإنجليزية، في كل شاشة وفي كل منشور' },
      { value: 'نقرة واحدة', description: 'لتجعل المسودة أقصر أو أطول أو أكثر عفوية أو أكثر رسمية' },
      { value: 'حتى 9 صور', description: 'في المنشور الواحد، أو ملف PDF يُعرض مستندًا متعدد الصفحات' },
      {
        value: days(TRIAL_DAYS),
        description: `من الفترة التجريبية المجانية لكل حساب جديد دون بطاقة دفع: ${posts(trial.limits.weeklyPosts ?? 0)} في الأسبوع و${points(trial.limits.aiCredits)} للذكاء الاصطناعي، دون مساعد التفاعل`,
      },
      { value: 'في موعده', description: 'يُنشر كل منشور مجدول في اليوم والساعة اللذين تختارهما' },
    ],
  },

  testimonials: {
    // No testimonials ship: the section stays hidden until an admin adds what real people said.
    heading: { badge: 'آراء العملاء', title: 'ماذا يقول الناس عن «نشر»' },
    testimonials: [],
  },

  pricing: {
    heading: { badge: 'الأسعار', title: 'خطط بسيطة تنمو معك' },
    plans: [
      {
        name: 'الأساسية',
        description: 'كل ما تحتاجه لتبدأ النشر بثقة.',
        price: '$24.99',
        features: [
          { name: 'كتابة المنشورات ومعاينتها', included: true },
          { name: 'تحسين الملف الشخصي بالذكاء الاصطناعي', included: true },
          { name: 'تحليلات متقدمة', included: true },
          { name: 'جدولة المنشورات', included: true },
        ],
        buttonClass: 'outline',
        highlighted: false,
        isPremium: false,
        planId: 'basic',
      },
      {
        name: 'الانطلاقة',
        description: 'للمحترفين الذين ينشرون كل أسبوع ويريدون أن يراهم الجميع.',
        price: '$34.99',
        features: [{ name: 'كل ما في الخطة الأساسية', included: true }],
        buttonClass: 'primary',
        highlighted: true,
        isPremium: false,
        planId: 'starter',
      },
      {
        name: 'الاحترافية',
        description: 'لصنّاع المحتوى والقادة الذين يجعلون لينكدإن قناة للنمو.',
        price: '$44.99',
        features: [
          { name: 'كل ما في خطة الانطلاقة', included: true },
          { name: 'الوضع التلقائي في مساعد التفاعل', included: true },
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
      badge: 'الأسئلة الشائعة',
      title: 'أسئلة يطرحها الجميع',
      description: 'كل ما تحتاج معرفته قبل أن تبدأ. هل لديك سؤال آخر؟ فريقنا على بُعد رسالة واحدة.',
    },
    faqs: [
      {
        question: 'ما «نشر»؟',
        answer:
          '«نشر» مساعد ذكي للكتابة والجدولة على لينكدإن. يكتب مسودات منشوراتك بصوتك، ويتيح لك تعديلها بنقرة واحدة، وينشرها في الوقت الذي تختاره، لتبني علامتك الشخصية دون أن تقضي ساعات في ذلك.',
      },
      {
        question: 'كيف تعمل الفترة التجريبية؟',
        answer: `يبدأ كل حساب جديد بفترة تجريبية مجانية مدتها ${days(TRIAL_DAYS)}، دون بطاقة دفع. تتيح لك ${posts(trial.limits.weeklyPosts ?? 0)} في الأسبوع و${points(trial.limits.aiCredits)} للذكاء الاصطناعي طوال الفترة، ولا تشمل مساعد التفاعل. سجّل ببريدك الإلكتروني أو بحساب Google وابدأ الكتابة، واختر خطة حين تريد الاستمرار بعدها.`,
      },
      {
        question: 'هل حسابي على لينكدإن في أمان؟',
        answer:
          'نعم. لا ينشر «نشر» شيئًا ولا يغيّر حسابك ولا يقرأ رسائلك دون إذنك. يقرأ فقط ما يحتاجه لتخصيص محتواك: ملفك الشخصي ومعلوماته، وصورتك الشخصية، وصورة الغلاف، وشبكة علاقاتك، ومنشوراتك ونشاطك. تُمرَّر كلمة المرور إلى لينكدإن ولا نحتفظ بها أبدًا.',
      },
      {
        question: 'هل يكتب «نشر» باللغة العربية؟',
        answer:
          'نعم. يكتب «نشر» بالعربية والإنجليزية، والواجهة كلها متاحة باللغتين. اختر لغتك ونبرتك المفضلة من إعدادات التخصيص.',
      },
      {
        question: 'ما نقاط الذكاء الاصطناعي ونقاط التعليق؟',
        answer: `تُستخدم نقاط الذكاء الاصطناعي عندما يكتب «نشر» منشورًا أو يعيد صياغته لك، ويستهلك كل منشور ${points(CREDITS.costPerPost)}. أما نقاط التعليق فيستخدمها مساعد التفاعل الذي يعلّق على منشورات شبكتك لتزيد ظهورك. تتضمن خطة «الانطلاقة» كل شهر ${points(starter.limits.aiCredits)} للذكاء الاصطناعي و${points(starter.limits.commentingCredits)} للتعليق، وخطة «الاحترافية» ${points(pro.limits.aiCredits)} و${points(pro.limits.commentingCredits)}.`,
      },
      {
        question: 'هل يمكنني جدولة المنشورات مسبقًا؟',
        answer:
          'نعم. اختر التاريخ والوقت لأي منشور وسينشره «نشر» تلقائيًا. تظهر كل منشوراتك المجدولة في تقويم يتيح لك مراجعتها بنظرة واحدة.',
      },
      {
        question: 'هل يمكنني تغيير خطتي أو إلغاؤها لاحقًا؟',
        answer:
          'بالتأكيد. يمكنك الانتقال إلى خطة أخرى أو الإلغاء متى شئت، ويبقى وصولك متاحًا حتى نهاية الفترة التي دفعت مقابلها.',
      },
      {
        question: 'كيف أتواصل مع فريق الدعم؟',
        answer: 'راسلنا على support@nashr.app وسيرد عليك أحد أفراد فريقنا.',
      },
    ],
  },

  signup: {
    badge: 'ذكاء اصطناعي لكتابة منشورات لينكدإن',
    headline: 'اكتب منشورات تشبهك، وابنِ علامتك الشخصية على لينكدإن.',
    benefits: [
      { icon: 'sparkles', text: 'حوّل فكرة من سطر واحد إلى منشور متقن، بالعربية أو بالإنجليزية.' },
      { icon: 'user-cog', text: 'كل مسودة تراعي وظيفتك وأهدافك ونبرتك وأسلوبك في الكتابة.' },
      { icon: 'pen-line', text: 'اجعل المنشور أقصر أو أطول أو أكثر عفوية أو أكثر رسمية بنقرة واحدة.' },
      { icon: 'calendar-clock', text: 'جدوِل منشورات أسبوع كامل، ودع «نشر» ينشرها في موعدها.' },
    ],
    quotes: [],
    showMemberCount: false,
  },
};
