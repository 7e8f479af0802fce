import type { Locale, WorkspaceRole } from '@nashr/contracts';
import { linkMail, type MagicLinkMail } from './magic-link-mail.js';

const ARABIC_PLURAL = new Intl.PluralRules('ar');

/** Arabic counts agree with the noun (after «لمدة», in the genitive): يوم واحد، يومين، ٣–١٠ أيام، ١١–٩٩ يومًا، ١٠٠ يوم. */
function arabicDays(n: number): string {
  switch (ARABIC_PLURAL.select(n)) {
    case 'one':
      return 'يوم واحد';
    case 'two':
      return 'يومين';
    case 'few':
      return `${n} أيام`;
    case 'many':
      return `${n} يومًا`;
    default:
      return `${n} يوم`;
  }
}

/** The role names, as the web app's workspace screens say them. */
const ROLE_WORDS: Record<Locale, Record<WorkspaceRole, string>> = {
  ar: { owner: 'المالك', admin: 'مدير', editor: 'محرر', contributor: 'مساهم', viewer: 'مشاهد' },
  en: { owner: 'owner', admin: 'admin', editor: 'editor', contributor: 'contributor', viewer: 'viewer' },
};

export interface InvitationMailFacts {
  workspaceName: string;
  /** Who invited, when their account still exists. */
  inviterEmail: string | null;
  role: WorkspaceRole;
  email: string;
  days: number;
}

/** The invitation to a workspace in the reader's language, as HTML and as plain text. */
export function workspaceInvitationMail(lang: Locale, link: string, facts: InvitationMailFacts): MagicLinkMail {
  const { workspaceName: name, inviterEmail: inviter, email, days } = facts;
  const role = ROLE_WORDS[lang][facts.role];
  return linkMail(
    lang,
    link,
    lang === 'ar'
      ? {
          subject: `دعوة للانضمام إلى مساحة العمل «${name}» في «نشر»`,
          greeting: 'مرحبًا،',
          intro: `${inviter ? `وجّه ${inviter} دعوة` : 'وصلت دعوة'} للانضمام إلى مساحة العمل «${name}» في «نشر» بدور ${role}.`,
          validity: `الرابط صالح لمدة ${arabicDays(days)} ويُستخدم مرة واحدة فقط، بعد تسجيل الدخول بالعنوان ${email}.`,
          button: 'قبول الدعوة',
          fallback: 'إذا لم يعمل الزر، انسخ هذا الرابط والصقه في المتصفح:',
          ignore: 'إذا لم تكن هذه الدعوة متوقعة فتجاهل هذه الرسالة، ولن يتغير شيء.',
          signature: 'فريق «نشر»',
        }
      : {
          subject: `Join the workspace “${name}” on Nashr`,
          greeting: 'Hello,',
          intro: `${inviter ?? 'Someone'} invited you to the workspace “${name}” on Nashr as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
          validity: `The link works once, for ${days} day${days === 1 ? '' : 's'}, after signing in as ${email}.`,
          button: 'Accept the invitation',
          fallback: 'If the button does not work, copy this link into your browser:',
          ignore: 'If you did not expect this invitation, you can safely ignore it; nothing changes.',
          signature: 'The Nashr team',
        },
  );
}
