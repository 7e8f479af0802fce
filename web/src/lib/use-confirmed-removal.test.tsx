// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfirmedRemoval } from './use-confirmed-removal';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('./error-text', () => ({ errorText: (error: unknown) => `words for ${(error as Error).message}` }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Removal = ReturnType<typeof useConfirmedRemoval<string>>;
let root: Root | null = null;

interface ProbeProps {
  remove: (item: string) => Promise<unknown>;
  removed: (item: string) => string | Promise<unknown>;
  renders: Removal[];
}

/** The hook as a list uses it, pushing what each render returned to `renders`. */
function Probe({ remove, removed, renders }: ProbeProps) {
  renders.push(useConfirmedRemoval(remove, removed));
  return null;
}

async function renderRemoval(remove: ProbeProps['remove'], removed: ProbeProps['removed']) {
  const renders: Removal[] = [];
  root = createRoot(document.createElement('div'));
  await act(async () => root?.render(<Probe remove={remove} removed={removed} renders={renders} />));
  return () => renders[renders.length - 1] as Removal;
}

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('removing after a question', () => {
  it('asks, and keeping removes nothing', async () => {
    const remove = vi.fn(async () => undefined);
    const latest = await renderRemoval(remove, () => 'Removed');
    expect(latest().question.open).toBe(false);
    act(() => latest().ask('phone'));
    expect(latest().question.open).toBe(true);
    expect(latest().asking).toBe('phone');
    act(() => latest().question.onKeep());
    expect(latest().question.open).toBe(false);
    expect(remove).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('removes what was asked about once confirmed, closes the question and says so', async () => {
    const remove = vi.fn(async () => undefined);
    const latest = await renderRemoval(remove, (item) => `Removed ${item}`);
    act(() => latest().ask('phone'));
    await act(async () => latest().question.onDiscard());
    expect(latest().question.open).toBe(false);
    expect(remove).toHaveBeenCalledWith('phone');
    expect(toast.success).toHaveBeenCalledWith('Removed phone');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('says the error in words when the removal fails', async () => {
    const latest = await renderRemoval(
      async () => {
        throw new Error('offline');
      },
      () => 'Removed',
    );
    act(() => latest().ask('token'));
    await act(async () => latest().question.onDiscard());
    expect(toast.error).toHaveBeenCalledWith('words for offline');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('removes without a question when run, and says nothing when the outcome does something else', async () => {
    const remove = vi.fn(async () => undefined);
    const leave = vi.fn(async () => undefined);
    const latest = await renderRemoval(remove, (item) => (item === 'this session' ? leave() : 'Ended'));
    await act(() => latest().run('this session'));
    expect(remove).toHaveBeenCalledWith('this session');
    expect(leave).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalled();
    await act(() => latest().run('another session'));
    expect(toast.success).toHaveBeenCalledWith('Ended');
  });
});
