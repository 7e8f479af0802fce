import type { LibraryFormat, LibraryTopic, Locale } from '@nashr/contracts';
import type { NewLibraryPost } from '../library-store.js';

type SeedRow = readonly [LibraryTopic, LibraryFormat, string, string];

/** Strong posts written for the library, in Arabic for Arabic readers. */
const ARABIC: readonly SeedRow[] = [
  [
    'career',
    'story',
    'سارة العتيبي',
    'رُفضتُ في أول سبع مقابلات عمل.\n\nفي الثامنة، سألني المدير: «ما الذي تعلمتِه من الرفض؟»\n\nأجبته بصدق: تعلمتُ أن أسأل عن المشكلة التي يريدون حلّها قبل أن أتحدث عن نفسي.\n\nحصلتُ على الوظيفة.\n\nالرفض ليس حكمًا عليك، بل معلومة مجانية عن الطريق.',
  ],
  [
    'leadership',
    'lesson',
    'خالد الشمري',
    'أهم درس تعلمته في قيادة الفرق: الاجتماع الفردي ليس لمتابعة المهام.\n\nكنت أسأل كل أسبوع: «أين وصلتم؟»\nصرت أسأل: «ما الذي يعطّلك؟»\n\nتغيّر كل شيء. عرفتُ المشكلات قبل أن تكبر، وصار الفريق يطلب المساعدة مبكرًا.\n\nالقائد الجيد يزيل العوائق، لا يعدّ الساعات.',
  ],
  [
    'entrepreneurship',
    'milestone',
    'نورة القحطاني',
    'قبل ثلاث سنوات بدأنا مشروعنا من غرفة صغيرة ومعنا عميل واحد.\n\nاليوم نخدم أكثر من مئتي شركة.\n\nما الذي صنع الفرق؟\n\n1. بعنا قبل أن نبني.\n2. استمعنا إلى شكاوى العملاء أكثر من مديحهم.\n3. رفضنا مشاريع لا تشبهنا.\n\nالمشاريع الناجحة لا تولد كبيرة، بل تنمو بصبر.',
  ],
  [
    'marketing',
    'contrarian',
    'عمر الزهراني',
    'رأي قد لا يعجبكم: أغلب الشركات لا تحتاج إلى محتوى أكثر.\n\nتحتاج إلى محتوى أوضح.\n\nمنشور واحد يشرح مشكلة العميل بكلماته أنفع من عشرين منشورًا عن «رؤيتنا» و«قيمنا».\n\nاكتب لعميلك، لا لمجلس إدارتك.',
  ],
  [
    'productivity',
    'list',
    'ريم الدوسري',
    'خمس عادات غيّرت طريقة عملي هذا العام:\n\n1. أكتب أهم ثلاث مهام قبل أن أفتح البريد.\n2. أغلق الإشعارات في الساعتين الأوليين.\n3. أجمع الاجتماعات في نصف يوم واحد.\n4. أراجع أسبوعي كل خميس في ربع ساعة.\n5. أقول «لا» لكل ما لا يخدم أهداف الربع.\n\nأيّها ستجرّب هذا الأسبوع؟',
  ],
  [
    'hiring',
    'behind',
    'فيصل الحربي',
    'كيف نختار الموظفين في فريقنا؟ بصراحة:\n\nلا نبدأ بالسيرة الذاتية، بل بمهمة صغيرة تشبه العمل الحقيقي.\n\nثم محادثة عن المهمة: لماذا اخترت هذا الحل؟ ماذا كنت ستغيّر لو كان لديك يوم إضافي؟\n\nالمرشحون الذين يشرحون تفكيرهم بوضوح يتفوقون دائمًا على من يحفظون الإجابات.',
  ],
  [
    'learning',
    'howto',
    'هند المالكي',
    'كيف أتعلم مهارة جديدة في ثلاثين يومًا:\n\nالأسبوع الأول: أحدد مشروعًا صغيرًا حقيقيًا، لا دورة.\nالأسبوع الثاني: أتعلم فقط ما يحتاجه المشروع.\nالأسبوع الثالث: أنشر ما أنجزته وأطلب ملاحظات.\nالأسبوع الرابع: أعيد العمل بناءً على الملاحظات.\n\nالتعلم من المشاريع أسرع من التعلم من القوائم.',
  ],
  [
    'personal_brand',
    'question',
    'ماجد العنزي',
    'سؤال يشغلني منذ أسابيع:\n\nهل يحتاج كل موظف إلى علامة شخصية، أم أنها مهمة أصحاب الشركات والمستقلين فقط؟\n\nرأيي أن كل من يريد أن تصل إليه الفرص المناسبة يحتاج إلى أن يعرف الناس ما يجيده.\n\nما رأيكم؟ أريد أن أسمع من يخالفني.',
  ],
  [
    'sales',
    'number',
    'عبدالله السبيعي',
    'راجعنا 500 صفقة خسرناها العام الماضي.\n\nالنتيجة فاجأتنا: 60% منها لم نخسرها بسبب السعر، بل لأننا تأخرنا في الرد أكثر من يومين.\n\nغيّرنا قاعدة واحدة: لا يبقى أي طلب دون رد أكثر من أربع ساعات.\n\nارتفعت نسبة الإغلاق بعد ثلاثة أشهر إلى الضعف تقريبًا.',
  ],
  [
    'technology',
    'announcement',
    'لمى الغامدي',
    'بعد ثمانية أشهر من العمل، أطلقنا اليوم النسخة العربية الكاملة من منصتنا.\n\nلم تكن ترجمة، بل إعادة تصميم: اتجاه الصفحات، والتواريخ، والأرقام، وحتى نبرة الرسائل.\n\nشكرًا لكل من جرّب النسخ الأولى وأرسل ملاحظاته. هذا الإطلاق لكم.',
  ],
  [
    'leadership',
    'story',
    'سلطان المطيري',
    'في أسبوعي الأول مديرًا، ارتكبتُ خطأً أمام الفريق كله.\n\nأعلنتُ قرارًا دون أن أستشير أحدًا، وتبيّن بعد يومين أنه خاطئ.\n\nجمعتُ الفريق وقلتُ: «أخطأت، وهذا ما سنفعله الآن».\n\nقال لي أحد الزملاء بعد سنة إن تلك اللحظة هي التي جعلته يثق بي.\n\nالاعتراف بالخطأ ليس ضعفًا، بل بداية الثقة.',
  ],
  [
    'career',
    'lesson',
    'منى الشهري',
    'بعد عشر سنوات في الموارد البشرية، هذا أهم ما تعلمته عن الترقيات:\n\nالترقية لا تُمنح لمن يعمل أكثر، بل لمن يعرف الآخرون أثر عمله.\n\nوثّق إنجازاتك، وشاركها مع مديرك، واطلب ما تريد بوضوح.\n\nالصمت لا يُكافأ في أغلب الشركات.',
  ],
  [
    'entrepreneurship',
    'contrarian',
    'تركي العمري',
    'توقفوا عن انتظار الفكرة العبقرية.\n\nأنجح المشاريع التي رأيتها حلّت مشكلات مملة: فواتير متأخرة، جداول مزدحمة، طلبات ضائعة.\n\nالمشكلة المملة التي يدفع الناس لحلّها أفضل من فكرة مدهشة لا يحتاجها أحد.',
  ],
  [
    'marketing',
    'howto',
    'دانة الحمدان',
    'كيف أكتب منشورًا يقرؤه الناس حتى آخره:\n\n1. السطر الأول وعد واضح.\n2. كل فقرة سطر أو سطران.\n3. مثال حقيقي من عملي في المنتصف.\n4. خلاصة في جملة واحدة.\n5. سؤال يدعو القارئ إلى المشاركة.\n\nالبساطة ليست سهلة، لكنها تستحق الجهد.',
  ],
  [
    'productivity',
    'contrarian',
    'يوسف البقمي',
    'قوائم المهام الطويلة لا تزيد إنتاجيتك، بل تزيد شعورك بالتقصير.\n\nمنذ سنة أكتفي بثلاث مهام في اليوم.\n\nأنجز أكثر، وأنام أفضل، وأعرف بالضبط لماذا تأخر ما تأخر.',
  ],
  [
    'learning',
    'milestone',
    'أمل الخالدي',
    'أنهيتُ اليوم شهادة الماجستير بعد ثلاث سنوات من الدراسة مساءً إلى جانب عمل بدوام كامل.\n\nلم يكن الأمر سهلًا: ليالٍ طويلة، وعطلات ضائعة، ولحظات فكرتُ فيها في الانسحاب.\n\nشكرًا لعائلتي التي حملت عني الكثير، ولفريقي الذي تفهّم غيابي.\n\nإلى كل من يدرس ويعمل في الوقت نفسه: أنتم أقوى مما تظنون.',
  ],
];

/** Strong posts written for the library, in English for English readers. */
const ENGLISH: readonly SeedRow[] = [
  [
    'career',
    'story',
    'Daniel Hughes',
    'I was turned down for a promotion three years in a row.\n\nThe fourth year, I asked my manager a different question: "What would you need to see to say yes?"\n\nShe gave me a list of three things. I did them in six months.\n\nI had been waiting to be noticed. I should have been asking what noticing looked like.',
  ],
  [
    'leadership',
    'lesson',
    'Priya Raman',
    'The most useful thing I learned as a new manager:\n\nYour team does not need you to have every answer. They need you to make it safe to say "I do not know yet."\n\nOnce I said it first, everyone else started saying it too, and problems surfaced weeks earlier.',
  ],
  [
    'entrepreneurship',
    'milestone',
    'Marcus Lee',
    'Two years ago we had one customer and a borrowed desk.\n\nToday we serve 400 companies across 12 countries.\n\nThree things that mattered:\n\n1. We charged from day one.\n2. We answered every support email ourselves for the first year.\n3. We said no to features that only one customer wanted.\n\nGrowth was slower than we hoped, and far steadier than we feared.',
  ],
  [
    'marketing',
    'contrarian',
    'Elena Rossi',
    'Unpopular opinion: your brand does not need a content calendar.\n\nIt needs one clear idea, repeated in a hundred different ways.\n\nThe companies I admire most are not the ones that post the most. They are the ones you can describe in a single sentence.',
  ],
  [
    'productivity',
    'list',
    'Tom Becker',
    'Five habits that gave me back ten hours a week:\n\n1. No meetings before 11am.\n2. Email twice a day, not twenty times.\n3. A written agenda or the meeting is cancelled.\n4. One afternoon a week with nothing scheduled.\n5. A Friday review: what worked, what did not, what to drop.\n\nWhich one would you try first?',
  ],
  [
    'hiring',
    'behind',
    'Aisha Karim',
    'How we actually hire, with nothing left out:\n\nWe skip the CV screen for the first round and send a short, paid task that looks like the real job.\n\nThen we talk about the task: why this approach, what would you do with another day?\n\nThe people who explain their thinking clearly almost always outperform the people with the perfect CV.',
  ],
  [
    'learning',
    'howto',
    'James Okafor',
    'How I learn a new skill in 30 days:\n\nWeek 1: pick a real, small project. Not a course.\nWeek 2: learn only what the project needs.\nWeek 3: ship it and ask for feedback.\nWeek 4: rebuild it using the feedback.\n\nProjects teach faster than playlists.',
  ],
  [
    'personal_brand',
    'question',
    'Sophie Martin',
    'A question I keep coming back to:\n\nDoes everyone need a personal brand, or is it only for founders and freelancers?\n\nMy view: anyone who wants the right opportunities to find them needs people to know what they are good at.\n\nWhat do you think? I would especially like to hear from people who disagree.',
  ],
  [
    'sales',
    'number',
    'Ryan Walsh',
    'We reviewed 500 deals we lost last year.\n\nThe surprise: 60% were not lost on price. They were lost because we took more than two days to reply.\n\nWe changed one rule: no enquiry waits more than four hours.\n\nThree months later our close rate had nearly doubled.',
  ],
  [
    'technology',
    'announcement',
    'Hannah Schmidt',
    'After eight months of work, we launched our fully bilingual platform today.\n\nIt was not a translation project. Layouts, dates, numbers and even the tone of our error messages were redesigned for each language.\n\nThank you to everyone who tested the early versions and told us what was broken. This launch is yours.',
  ],
  [
    'leadership',
    'story',
    'Carlos Mendes',
    'In my first week as a manager I made a bad call in front of the whole team.\n\nI announced a decision without asking anyone, and two days later it was clearly wrong.\n\nI got everyone together and said: "I got this wrong. Here is what we will do instead."\n\nA year later a colleague told me that was the moment he decided to trust me.\n\nOwning a mistake is not weakness. It is where trust starts.',
  ],
  [
    'career',
    'lesson',
    'Grace Turner',
    'Ten years in HR taught me this about promotions:\n\nThey do not go to the people who work the hardest. They go to the people whose impact others can see.\n\nWrite down your wins. Share them with your manager. Ask for what you want, plainly.\n\nSilence is rarely rewarded.',
  ],
  [
    'entrepreneurship',
    'contrarian',
    'Noah Fischer',
    'Stop waiting for the brilliant idea.\n\nThe most successful businesses I have seen solved boring problems: late invoices, messy schedules, lost orders.\n\nA boring problem people will pay to fix beats an exciting idea nobody needs.',
  ],
  [
    'marketing',
    'howto',
    'Olivia Grant',
    'How I write a post people read to the end:\n\n1. The first line makes a clear promise.\n2. Every paragraph is one or two lines.\n3. A real example from my own work sits in the middle.\n4. The takeaway fits in one sentence.\n5. A question invites the reader in.\n\nSimple is not easy, but it is worth the effort.',
  ],
  [
    'productivity',
    'contrarian',
    'Liam Murphy',
    'Long to-do lists do not make you productive. They make you feel behind.\n\nFor a year now I have limited myself to three tasks a day.\n\nI get more done, I sleep better, and I know exactly why anything slipped.',
  ],
  [
    'learning',
    'milestone',
    'Chloe Bennett',
    "Today I finished my master's degree, after three years of evening classes alongside a full-time job.\n\nIt was not easy: late nights, lost weekends, and more than one moment I nearly quit.\n\nThank you to my family, who carried so much, and to my team, who covered for me more than once.\n\nTo everyone studying while working: you are stronger than you think.",
  ],
];

const rows = (lang: Locale, seed: readonly SeedRow[]): NewLibraryPost[] =>
  seed.map(([topic, format, author, body], i) => ({
    lang,
    topic,
    format,
    author,
    body,
    hidden: false,
    seedKey: `${lang}-${i + 1}`,
    // A day apart, so newest first shows them in the order written here.
    createdAt: new Date(Date.UTC(2026, 0, 1) - i * 86_400_000),
  }));

/** The library's first posts, added on start where missing (`seedKey` keeps them from doubling). */
export const librarySeed: readonly NewLibraryPost[] = [...rows('ar', ARABIC), ...rows('en', ENGLISH)];
