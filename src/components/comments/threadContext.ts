// The panel's commentThread actor, shared with every comment of the tree without prop drilling.
import { createContext, useContext } from 'react';
import type { CommentThreadActor } from '../../../machines/comments/commentThreadSlot';

export type CommentThreadRef = CommentThreadActor;

export const CommentThreadContext = createContext<CommentThreadRef | null>(null);

export function useCommentThread(): CommentThreadRef {
  const thread = useContext(CommentThreadContext);
  if (!thread) throw new Error('useCommentThread outside CommentsPanel');
  return thread;
}

/** What the thread reports to the panel's frame: whether it is loading, and its comment count once loaded. */
export interface ThreadStatus {
  busy: boolean;
  count?: number;
}
