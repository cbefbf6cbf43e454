// The comment thread a token page invokes, declared without importing the thread's machine: the page's flow provides
// it from src/services (its code loads when the comments panel nears the screen), so the token page's first load
// carries the page machine and not the thread. Typed as the machine it stands for (its context and tags are what the
// comments views read); running it unprovided fails loudly.
import type { ActorRefFrom } from 'xstate';
import { notProvided } from '../system/notProvided';
import type { commentThreadMachine } from './commentThreadMachine';

export type CommentThreadMachine = typeof commentThreadMachine;
export type CommentThreadActor = ActorRefFrom<CommentThreadMachine>;

export function notProvidedCommentThread(machineId: string): CommentThreadMachine {
  return notProvided(machineId, 'commentThread') as unknown as CommentThreadMachine;
}
