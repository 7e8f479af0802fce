import { useNavigate } from '@tanstack/react-router';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { DraftRequest } from '../../lib/api/ai';
import type { ComposerDraftStart } from './composer';

export interface OpenComposerOptions {
  /** Text to start from, e.g. a post idea. */
  text?: string;
  /** A server draft to go on with (its text comes as `text`). */
  draft?: ComposerDraftStart;
  /**
   * A request for the AI to run as the composer opens ('Write a post like this'): the post box
   * stays empty until the AI's post arrives, so an instruction can never be posted.
   */
  aiRequest?: DraftRequest;
}

export interface ComposerControls {
  /** Opens the composer popup with a fresh session. */
  open: (options?: OpenComposerOptions) => void;
}

const ComposerContext = createContext<ComposerControls | null>(null);

// The popup's code loads the first time someone opens it.
const ComposerDialog = lazy(() => import('./composer-dialog').then((module) => ({ default: module.ComposerDialog })));

/** Lets any screen of the protected area open the composer popup ('Generate Post', '+ New Post'). */
export function ComposerProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<{
    id: number;
    text: string;
    draft?: OpenComposerOptions['draft'];
    aiRequest?: DraftRequest;
  } | null>(null);
  const open = useCallback(
    (options: OpenComposerOptions = {}) =>
      setSession({ id: Date.now(), text: options.text ?? '', draft: options.draft, aiRequest: options.aiRequest }),
    [],
  );
  const controls = useMemo(() => ({ open }), [open]);
  return (
    <ComposerContext.Provider value={controls}>
      {children}
      {session && (
        <Suspense fallback={null}>
          <ComposerDialog
            key={session.id}
            initialText={session.text}
            initialDraft={session.draft}
            initialRequest={session.aiRequest}
            onClosed={() => setSession(null)}
          />
        </Suspense>
      )}
    </ComposerContext.Provider>
  );
}

/**
 * `const composer = useComposer(); composer.open()`. Outside the protected area's layout there
 * is no popup to open, so it goes to the /generate-post page instead.
 */
export function useComposer(): ComposerControls {
  const controls = useContext(ComposerContext);
  const navigate = useNavigate();
  const fallback = useMemo(() => ({ open: () => void navigate({ to: '/generate-post' }) }), [navigate]);
  return controls ?? fallback;
}
