import { TEXT_PROBLEMS } from '@nashr/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import arErrors from '../i18n/locales/ar/errors.json';
import enErrors from '../i18n/locales/en/errors.json';
import { textProblemText, textRuleMessageText } from './text-problem';

beforeAll(async () => {
  await i18next.init({
    lng: 'ar',
    resources: { ar: { errors: arErrors }, en: { errors: enErrors } },
  });
});

describe('the text rule, said before sending', () => {
  it('names a direction override and a lone surrogate in the interface language', async () => {
    await i18next.changeLanguage('ar');
    expect(textProblemText('invoice\u202Egpj.exe')).toBe(arErrors.text.bidi_override);
    await i18next.changeLanguage('en');
    expect(textProblemText('invoice\u202Egpj.exe')).toBe(enErrors.text.bidi_override);
    expect(textProblemText('half \uD800')).toBe(enErrors.text.lone_surrogate);
  });

  it('lets through the marks Arabic needs, the isolates and whole emoji', () => {
    expect(textProblemText('\u200Fمرحبا\u200E \u061C \u2066report.pdf\u2069 😀')).toBeNull();
  });

  it('finds the words for a refusal a form resolver kept only as its English message', async () => {
    await i18next.changeLanguage('ar');
    expect(textRuleMessageText(TEXT_PROBLEMS['text.bidi_override'].message)).toBe(arErrors.text.bidi_override);
    expect(textRuleMessageText('Keep it under 120 characters')).toBeNull();
  });
});
