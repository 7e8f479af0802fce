import type { VoiceTraits } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { adviceAuthor } from '../../advice/author.js';
import type { CommentsRequest } from '../../prompts/index.js';
import { suggestCommentsOffline } from './comments.js';

const EMOJI = /\p{Extended_Pictographic}/u;
const voice = (overrides: Partial<VoiceTraits>): VoiceTraits => ({
  length: 'medium',
  emoji: 'sometimes',
  hashtags: 'few',
  paragraphs: 'short',
  opener: 'question',
  language: 'ar',
  ...overrides,
});
const request = (overrides: Partial<CommentsRequest>): CommentsRequest => ({
  post: {
    postId: 'sbx-emma-carter-4',
    text: 'Leadership is not a title. The best leaders I worked with made their team great even when they were away.',
    language: 'en',
    authorName: 'Emma Carter',
    authorHeadline: 'Head of Growth',
  },
  language: 'English',
  author: adviceAuthor(null),
  register: null,
  voice: null,
  generation: 0,
  ...overrides,
});

describe('the offline writer of comment suggestions', () => {
  it('writes a question, an experience and a counterpoint that quote the post in its own language', () => {
    const items = suggestCommentsOffline(request({}));
    expect(items.map((s) => s.kind)).toEqual(['question', 'experience', 'counterpoint']);
    expect(items.some((s) => s.text.includes('Emma'))).toBe(true);
    // Another generation picks other wordings.
    const others = suggestCommentsOffline(request({ generation: 1 }));
    expect(others.map((s) => s.text)).not.toEqual(items.map((s) => s.text));
  });

  it('follows a formal writer of short, emoji-free posts', () => {
    const items = suggestCommentsOffline(
      request({ register: 'formal', voice: voice({ emoji: 'never', length: 'short', language: 'en' }) }),
    );
    expect(items.every((s) => !EMOJI.test(s.text))).toBe(true);
    expect(items[0]?.text.startsWith('Thank you for sharing this.')).toBe(true);
    // A writer of short posts gets one-sentence comments (after the formal opening).
    expect(items.slice(1).every((s) => s.text.split(/(?<=[.!?])\s+/).length === 1)).toBe(true);
  });

  it('follows a casual Arabic writer of long posts who uses emoji often', () => {
    const author = { ...adviceAuthor(null), tones: ['Casual' as const] };
    const items = suggestCommentsOffline(
      request({
        language: 'Arabic',
        register: 'formal',
        author,
        voice: voice({ emoji: 'often', length: 'long', paragraphs: 'short' }),
      }),
    );
    expect(items.every((s) => /[\u0600-\u06FF]/.test(s.text))).toBe(true);
    expect(items.every((s) => EMOJI.test(s.text))).toBe(true);
    // Their tone makes the register conversational.
    expect(items[0]?.text.startsWith('كلام جميل!')).toBe(true);
    expect(items.find((s) => s.kind === 'experience')?.text).toContain('\n\n');
    // A post in the other language is spoken of, never quoted.
    expect(items.some((s) => s.text.includes('Leadership is not'))).toBe(false);
  });
});
