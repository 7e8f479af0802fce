import { describe, expect, it, vi } from 'vitest';
import { queriesTogether } from './queries-together';

const query = (state: { isPending?: boolean; isFetching?: boolean; error?: Error | null }) => ({
  isPending: false,
  isFetching: false,
  error: null,
  refetch: vi.fn(),
  ...state,
});

describe('queriesTogether', () => {
  it('is pending while any one is, and failed when any one failed', () => {
    expect(queriesTogether(query({}), query({ isPending: true })).isPending).toBe(true);
    expect(queriesTogether(query({}), query({})).isPending).toBe(false);
    const broken = new Error('members');
    expect(queriesTogether(query({}), query({ error: broken })).error).toBe(broken);
    expect(queriesTogether(query({}), query({})).error).toBeNull();
  });

  it('asks again only for those that failed, and says so while they are fetched', () => {
    const fine = query({});
    const failed = query({ error: new Error('thread') });
    queriesTogether(fine, failed).retry();
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(fine.refetch).not.toHaveBeenCalled();
    expect(queriesTogether(fine, query({ isFetching: true })).retrying).toBe(true);
  });
});
