import type { Locale } from '@nashr/contracts';

export interface MagicLinkMail {
  subject: string;
  text: string;
  html: string;
}

const ARABIC_PLURAL = new Intl.PluralRules('ar');

/** Arabic counts agree with the noun (after «لمدة», in the genitive): دقيقة واحدة، دقيقتين، ٣–١٠ دقائق، ١١–٩٩ دقيقةً، ١٠٠ دقيقة. */
function arabicMinutes(n: number): string {
  switch (ARABIC_PLURAL.select(n)) {
    case 'one':
      return 'دقيقة واحدة';
    case 'two':
      return 'دقيقتين';
    case 'few':
      return `${n} دقائق`;
    case 'many':
      return `${n} دقيقةً`;
    default:
      return `${n} دقيقة`;
  }
}

const COPY = {
  ar: (minutes: number) => ({
    subject: 'رابط تسجيل الدخول إلى «نشر»',
    greeting: 'مرحبًا،',
    intro: 'اضغط على الزر أدناه لتسجيل الدخول إلى «نشر».',
    validity: `الرابط صالح لمدة ${arabicMinutes(minutes)} ويُستخدم مرة واحدة فقط.`,
    button: 'تسجيل الدخول',
    fallback: 'إذا لم يعمل الزر، انسخ هذا الرابط والصقه في المتصفح:',
    ignore: 'إذا لم تطلب هذا الرابط فتجاهل هذه الرسالة، ولن يتغير شيء في حسابك.',
    signature: 'فريق «نشر»',
  }),
  en: (minutes: number) => ({
    subject: 'Your Nashr sign-in link',
    greeting: 'Hello,',
    intro: 'Click the button below to sign in to Nashr.',
    validity: `The link works once and expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    button: 'Sign in to Nashr',
    fallback: 'If the button does not work, copy this link into your browser:',
    ignore: 'If you did not ask for this e-mail, you can safely ignore it; nothing changes in your account.',
    signature: 'The Nashr team',
  }),
} satisfies Record<Locale, (minutes: number) => LinkMailCopy>;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sign-in mail in the reader's language, as HTML and as plain text. */
export function magicLinkMail(lang: Locale, link: string, ttlSeconds: number): MagicLinkMail {
  return linkMail(lang, link, COPY[lang](Math.max(1, Math.round(ttlSeconds / 60))));
}

/** The words of a mail whose point is one button (a link that works once, for a while). */
export interface LinkMailCopy {
  subject: string;
  greeting: string;
  intro: string;
  validity: string;
  button: string;
  fallback: string;
  ignore: string;
  signature: string;
}

/** A one-button mail in the reader's language and direction, as HTML and as plain text. */
export function linkMail(lang: Locale, link: string, c: LinkMailCopy): MagicLinkMail {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const href = escapeHtml(link);
  const text = [c.greeting, '', c.intro, c.validity, '', link, '', c.ignore, '', c.signature, ''].join('\n');
  const html = `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#eef6ff;font-family:Tahoma,Arial,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef6ff;padding:32px 12px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px;text-align:${align};">
        <tr><td style="font-size:22px;font-weight:bold;color:#0a66c2;padding-bottom:16px;">${lang === 'ar' ? 'نشر' : 'Nashr'}</td></tr>
        <tr><td style="font-size:16px;line-height:1.7;padding-bottom:8px;">${escapeHtml(c.greeting)}</td></tr>
        <tr><td style="font-size:16px;line-height:1.7;">${escapeHtml(c.intro)}</td></tr>
        <tr><td style="font-size:14px;line-height:1.7;color:#4b5563;padding-bottom:24px;">${escapeHtml(c.validity)}</td></tr>
        <tr><td align="center" style="padding-bottom:24px;">
          <a href="${href}" style="display:inline-block;background:#0a66c2;color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:12px 28px;border-radius:8px;">${escapeHtml(c.button)}</a>
        </td></tr>
        <tr><td style="font-size:13px;line-height:1.6;color:#6b7280;">${escapeHtml(c.fallback)}</td></tr>
        <tr><td dir="ltr" style="font-size:13px;line-height:1.6;word-break:break-all;padding-bottom:24px;text-align:left;"><a href="${href}" style="color:#0a66c2;">${href}</a></td></tr>
        <tr><td style="font-size:13px;line-height:1.6;color:#6b7280;border-top:1px solid #e5e7eb;padding-top:16px;">${escapeHtml(c.ignore)}<br>${escapeHtml(c.signature)}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>
`;
  return { subject: c.subject, text, html };
}
