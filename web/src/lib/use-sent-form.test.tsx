// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSentForm } from './use-sent-form';

vi.mock('./error-text', () => ({ errorText: (error: unknown) => `words for ${(error as Error).message}` }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Sent = ReturnType<typeof useSentForm<{ name: string }, { name: string }, string>>;
let root: Root | null = null;

interface Mutation {
  isPending: boolean;
  mutateAsync: (values: { name: string }) => Promise<string>;
}

/** A one-field form sent by `mutation`, pushing what each render returned to `renders`. */
function Probe({ mutation, onSent, renders }: { mutation: Mutation; onSent: (r: string) => void; renders: Sent[] }) {
  const { handleSubmit } = useForm({ defaultValues: { name: 'Launch' } });
  renders.push(useSentForm(handleSubmit, mutation, onSent));
  return null;
}

async function renderForm(mutation: Mutation, onSent: (result: string) => void = () => {}) {
  const renders: Sent[] = [];
  root = createRoot(document.createElement('div'));
  await act(async () => root?.render(<Probe mutation={mutation} onSent={onSent} renders={renders} />));
  return () => renders[renders.length - 1] as Sent;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('useSentForm', () => {
  it("sends the form's values and hands on the answer", async () => {
    const mutateAsync = vi.fn(async (values: { name: string }) => `made ${values.name}`);
    const onSent = vi.fn();
    const latest = await renderForm({ isPending: false, mutateAsync }, onSent);
    await act(() => latest().submit());
    expect(mutateAsync).toHaveBeenCalledWith({ name: 'Launch' });
    expect(onSent).toHaveBeenCalledWith('made Launch');
    expect(latest().refusal).toBeNull();
  });

  it("keeps a refusal in the API's words, and clears it when the next submit is sent", async () => {
    const mutateAsync = vi.fn().mockRejectedValueOnce(new Error('limit reached')).mockResolvedValueOnce('made');
    const onSent = vi.fn();
    const latest = await renderForm({ isPending: false, mutateAsync }, onSent);
    await act(() => latest().submit());
    expect(latest().refusal).toBe('words for limit reached');
    expect(onSent).not.toHaveBeenCalled();
    await act(() => latest().submit());
    expect(latest().refusal).toBeNull();
    expect(onSent).toHaveBeenCalledWith('made');
  });

  it('sends nothing while the previous request is on its way', async () => {
    const mutateAsync = vi.fn(async () => 'made');
    const latest = await renderForm({ isPending: true, mutateAsync });
    await act(() => latest().submit());
    expect(mutateAsync).not.toHaveBeenCalled();
  });
});
