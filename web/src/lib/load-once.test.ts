import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for every caller', async () => {
    let loads = 0;
    const load = loadOnce(async () => ++loads);
    const answers = await Promise.all([load(), load(), load()]);
    expect(answers).toEqual([1, 1, 1]);
    expect(await load()).toBe(1);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load, and keeps the first success', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return 'pdf.js';
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe('pdf.js');
    expect(await load()).toBe('pdf.js');
    expect(loads).toBe(2);
  });
});
