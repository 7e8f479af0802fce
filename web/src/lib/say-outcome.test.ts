import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { errorText } from './error-text';
import { sayOutcome } from './say-outcome';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

afterEach(() => vi.clearAllMocks());

describe('an action said in a toast', () => {
  it('says what was done, with the result in the words', async () => {
    expect(
      await sayOutcome(
        async () => 3,
        (ended) => `${ended} sessions ended`,
      ),
    ).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('3 sessions ended');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says the error in its own words instead, and nothing of success', async () => {
    const refused = new ApiError('The draft was deleted meanwhile.', 404, [], 'post.draft_not_found');
    expect(
      await sayOutcome(
        () => Promise.reject(refused),
        () => 'Deleted',
      ),
    ).toBe(false);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledExactlyOnceWith(errorText(refused));
  });
});
