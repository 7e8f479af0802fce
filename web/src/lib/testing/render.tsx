/**
 * For the web's jsdom tests: a part of the app rendered as the app holds it, inside a query client
 * that already knows the signed-in account (and any other answers given), in the document's body
 * so dialogs and focus work, with React's act() around the render.
 *
 *   const { container } = await renderSignedIn(<DraftsList />, { account: ME, known: [[KEY, data]] });
 *   afterEach(unmountRendered);
 */
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { sessionQuery } from '../api/auth';

// Tells React that these tests wrap their updates in act(), so it warns about the ones they miss.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface SignedInAccount {
  id: string;
  email: string;
}

export interface RenderOptions {
  /** The account the session answers with. */
  account: SignedInAccount;
  /** Answers known before the first render, by query key. */
  known?: ReadonlyArray<readonly [QueryKey, unknown]>;
}

export interface Rendered {
  container: HTMLDivElement;
  /** Its client: answers known are never read again on their own (nothing goes stale), and nothing is retried. */
  queryClient: QueryClient;
  /** Renders something else in the same place, with the same client. */
  rerender(node: ReactNode): Promise<void>;
}

const mounted: { root: Root; container: HTMLDivElement }[] = [];

export async function renderSignedIn(node: ReactNode, { account, known = [] }: RenderOptions): Promise<Rendered> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(sessionQuery.queryKey, account as never);
  for (const [key, data] of known) queryClient.setQueryData(key, data);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  const rerender = (next: ReactNode) =>
    act(async () => root.render(<QueryClientProvider client={queryClient}>{next}</QueryClientProvider>));
  await rerender(node);
  return { container, queryClient, rerender };
}

/** Unmounts and removes everything `renderSignedIn` rendered: call it after each test. */
export async function unmountRendered(): Promise<void> {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
}
