import { profileReviewRequestSchema } from '@nashr/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../i18n/resources';
import { ApiError } from './api/client';
import { codeText, errorText, schemaProblem } from './error-text';

beforeAll(async () => {
  await i18next.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

const refused = (code: string, params: Record<string, string | number> = {}, status = 400) =>
  new ApiError('The English message for API users', status, [], code, params);

describe('errorText', () => {
  it('says a declared code in the interface language, with its values', async () => {
    await i18next.changeLanguage('ar');
    const tooLong = errorText(refused('post.too_long', { length: 3001, limit: 3000 }));
    expect(tooLong).toMatch(/^لا يمكن أن يتجاوز المنشور/);
    expect(tooLong).not.toContain('{{');
    expect(errorText(refused('linkedin.code_wrong'))).toBe('الرمز غير صحيح. تحقّق منه وحاول مرة أخرى.');
    await i18next.changeLanguage('en');
    expect(errorText(refused('linkedin.code_wrong'))).toBe('That code is not right. Check it and try again.');
    expect(errorText(refused('post.impossible_date', { date: '2026-02-30' }))).toContain('2026-02-30');
  });

  it("never shows the server's English for a code it has no words for", async () => {
    await i18next.changeLanguage('ar');
    expect(errorText(refused('post.something_new'))).toBe('حدث خطأ ما. يُرجى المحاولة مرة أخرى.');
    expect(errorText(refused('post.something_new', {}, 500))).toBe('حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.');
    expect(errorText(new ApiError('fetch failed', 0))).toBe('تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.');
    expect(errorText(new Error('Some English'))).toBe('حدث خطأ ما. يُرجى المحاولة مرة أخرى.');
  });

  it('says who may do what a workspace role is too low for, by the role the refusal names', async () => {
    await i18next.changeLanguage('en');
    expect(errorText(refused('workspace.role_too_low', { role: 'viewer' }, 403))).toBe(
      'A viewer in this workspace can look at its work but not change it.',
    );
    expect(errorText(refused('workspace.role_too_low', { role: 'editor' }, 403))).toBe(
      'An editor in this workspace cannot do this. The owner or an admin can.',
    );
    expect(errorText(refused('workspace.role_too_low', {}, 403))).toBe(
      'Your role in this workspace does not allow this.',
    );
    await i18next.changeLanguage('ar');
    expect(errorText(refused('workspace.role_too_low', { role: 'contributor' }, 403))).toBe(
      'لا يمكن للمساهم تنفيذ هذا الإجراء في مساحة العمل هذه. يمكن لعضو بدور أعلى تنفيذه.',
    );
    expect(errorText(refused('workspace.not_found', {}, 404))).toBe(
      'مساحة العمل هذه غير موجودة، أو الحساب ليس عضوًا فيها.',
    );
  });

  it("gives a post's failure code its words, and nothing for an unknown one", async () => {
    await i18next.changeLanguage('ar');
    expect(codeText(i18next, 'linkedin.rejected')).toBe('رفض لينكدإن هذا الطلب.');
    expect(codeText(i18next, 'linkedin.nothing_like_this')).toBeNull();
    expect(codeText(i18next, null)).toBeNull();
  });

  it('names what the AI was writing: a profile review is not a draft, an unusable answer is not a missing AI', async () => {
    await i18next.changeLanguage('en');
    expect(errorText(refused('ai.failed', { noun: 'profile_review' }, 502))).toBe(
      "The AI couldn't review your profile. Please try again in a moment.",
    );
    expect(errorText(refused('ai.failed', { noun: 'draft' }, 502))).toBe(
      "The AI couldn't write this draft. Please try again in a moment.",
    );
    const unusable = errorText(refused('ai.unusable_answer', { noun: 'profile_review' }, 502));
    expect(unusable).toContain('its profile review could not be used');
    expect(unusable).not.toMatch(/unavailable|draft/);
    await i18next.changeLanguage('ar');
    expect(errorText(refused('ai.unusable_answer', { noun: 'profile_review' }, 502))).toContain(
      'تعذّر استعمال مراجعته لملفك الشخصي',
    );
  });
});

describe('schemaProblem', () => {
  it("says a catalogue schema's refusal in the service's words, the generic one when its rule names none", async () => {
    await i18next.changeLanguage('en');
    expect(schemaProblem(i18next, profileReviewRequestSchema, { headline: 'CTO', about: '', skills: [] })).toBeNull();
    expect(schemaProblem(i18next, profileReviewRequestSchema, { headline: ' ', about: '', skills: [] })).toBe(
      'Add your headline, About section or skills so there is something to review.',
    );
    await i18next.changeLanguage('ar');
    expect(schemaProblem(i18next, profileReviewRequestSchema, { headline: '', about: '', skills: [] })).toBe(
      'أضف عنوانك المهني أو نبذتك أو مهاراتك ليكون هناك ما نراجعه.',
    );
    await i18next.changeLanguage('en');
    expect(schemaProblem(i18next, z.object({ n: z.number() }), { n: 'one' })).toBe(
      'Some of what you sent is not valid. Check it and try again.',
    );
  });
});
