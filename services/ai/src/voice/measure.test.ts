import { describe, expect, it } from 'vitest';
import { measureVoice, openerOf } from './measure.js';

const arabicPosts = [
  'هل فكرت يوماً لماذا تفشل معظم فرق المنتج؟\n\nالسبب ليس التقنية.\n\nالسبب هو غياب الوضوح في الأهداف 🎯\n\n#إدارة_المنتج',
  'هل تعرف ما الذي يميز القائد الجيد؟\n\nيستمع أكثر مما يتكلم.\n\nويمنح فريقه الثقة 🚀\n\n#القيادة',
  '٣ دروس تعلمتها من إطلاق المنتج:\n\n١. ابدأ صغيراً\n\n٢. استمع للعملاء\n\n٣. الوضوح قبل السرعة\n\n#إدارة_المنتج',
  'هل الوضوح أهم من السرعة في المنتج؟\n\nأظن ذلك.\n\nشاركني رأيك 👇',
];

describe('voice measures', () => {
  it('needs a few posts before it says anything', () => {
    expect(measureVoice([])).toBeNull();
    expect(measureVoice(['one post', '  '])).toBeNull();
  });

  it('reads openings with plain rules', () => {
    expect(openerOf('Why do teams fail?\nBecause...')).toBe('question');
    expect(openerOf('5 lessons from my first job')).toBe('number');
    expect(openerOf('عندما بدأت عملي الأول كنت خائفاً')).toBe('story');
    expect(openerOf('Stop writing long emails!')).toBe('claim');
    expect(openerOf('Our team shipped the new release.')).toBe('statement');
  });

  it('measures an Arabic writer who asks questions in short paragraphs', () => {
    const voice = measureVoice(arabicPosts);
    expect(voice?.traits).toEqual({
      length: 'short',
      emoji: 'sometimes',
      hashtags: 'few',
      paragraphs: 'short',
      opener: 'question',
      language: 'ar',
    });
    expect(voice?.measures.posts).toBe(4);
    expect(voice?.measures.themes).toContain('وضوح');
    expect(voice?.measures.themes).toContain('منتج');
  });

  it('tells a long, emoji-free English writer apart', () => {
    const long = 'Our team rebuilt the billing system this quarter and learned a great deal about migrations. '.repeat(
      12,
    );
    const voice = measureVoice([long, long, long]);
    expect(voice?.traits).toMatchObject({
      length: 'long',
      emoji: 'never',
      hashtags: 'none',
      paragraphs: 'long',
      language: 'en',
    });
  });
});
