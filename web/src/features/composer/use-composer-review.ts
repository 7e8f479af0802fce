import type { DraftReviewState } from '@nashr/contracts';
import { useDrafts } from '../../lib/api/drafts';
import { useReviewSettings } from '../../lib/api/review';
import { sendsForReview } from '../review';
import type { SaveState } from './use-draft-autosave';

/** Where the composer's draft stands in its workspace's review, and what the footer offers for it. */
export interface ComposerReview {
  /** The workspace publishes only approved drafts. */
  required: boolean;
  /** The draft's state as last read; null before it is first saved. */
  state: DraftReviewState | null;
  /** Approved at the version in the composer: Post, Schedule and Queue go ahead (with its id). */
  approved: boolean;
  /** Saved as it is shown, in a state it may be sent for review from: the draft and its version. */
  submittable: { id: string; version: number } | null;
}

/**
 * The composer's draft as the drafts list last read it (the autosave reads the list again after each
 * save), against the version this composer saved last: sending for review or publishing applies to
 * what the server holds, so nothing is offered while a save is on its way.
 */
export function useComposerReview({
  draftId,
  draftVersion,
  saveState,
}: {
  draftId: string | null;
  draftVersion: number | null;
  saveState: SaveState;
}): ComposerReview {
  const settings = useReviewSettings();
  const drafts = useDrafts();
  const stored = draftId ? drafts.data?.find((draft) => draft.id === draftId) : undefined;
  const current = stored !== undefined && (draftVersion === null || stored.version === draftVersion);
  const settled = current && saveState === 'saved';
  return {
    required: settings.data?.requiresApproval ?? false,
    state: stored?.reviewState ?? null,
    approved: current && stored.reviewState === 'approved' && stored.approvedVersion === stored.version,
    submittable: settled && sendsForReview(stored) ? { id: stored.id, version: stored.version } : null,
  };
}
