import { describe, expect, it } from 'vitest';
import { reviewProfileOffline } from './advice.js';

describe('the offline profile review in Arabic', () => {
  it('names the thought-leader goal as a noun that fits every reader, like the other goals', () => {
    const { suggestions } = reviewProfileOffline({
      language: 'Arabic',
      profile: { headline: 'مديرة تسويق', about: 'أعمل في التسويق منذ عشر سنوات.', skills: ['التسويق'] },
      author: {
        jobTitle: 'مديرة تسويق',
        arabicVariety: 'msa',
        goals: ['Be a thought leader'],
        interests: ['Leadership'],
        tones: ['Inspirational'],
      },
    });
    const reasons = suggestions.map((suggestion) => suggestion.reason).join('\n');
    expect(reasons).toContain('تخدم هدفك: الريادة الفكرية في مجالك.');
    expect(reasons).not.toContain('صاحب رأي');
  });
});
