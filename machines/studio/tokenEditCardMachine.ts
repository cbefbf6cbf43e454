// See docs/requirements.md#studio-tokens (the card, its rules and notices): one token of
// the studio's token step. Name (required, max 50), an 'add description' box (checked when the token has one)
// revealing the description; Save is enabled only when the name changed, or the description changed and passes the
// rule; an unchecked box sends the description empty. Delete removes the token ('{name} has been deleted').
// Nothing typed is lost offline: every change reports the card's draft to the studio (token.draft), which keeps it for a reload and
// starts the card from it again (input.draft); it is sent only by Save.
import { assign, enqueueActions, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { STUDIO_NOTICES, tokenDeletedNotice, tokenDescriptionError, tokenNameError } from '../../domain/studioRules';
import { notifyThroughSystem } from '../system/systemActors';
import type { SaveTokenInput, StudioToken, TokenRef } from './studioTypes';
import { errorMessage } from '../system/errorMessage';

export interface TokenEditCardInput {
  canvasId: string;
  token: StudioToken;
  /** What was typed and not saved before a reload (nothing typed is lost offline): the card starts from it. */
  draft?: TokenCardDraft | null;
}

/** A card's unsaved typing, kept by the studio across a reload until it is saved or the token is deleted. */
export interface TokenCardDraft {
  name: string;
  description: string;
  describe: boolean;
}

export interface TokenEditCardContext {
  canvasId: string;
  /** The token as saved on the server. */
  token: StudioToken;
  name: string;
  description: string;
  /** The 'add description' box. */
  describe: boolean;
  errors: { name?: string; description?: string };
}

export type TokenEditCardEvent =
  | { type: 'card.name'; value: string }
  | { type: 'card.description'; value: string }
  | { type: 'card.describe'; checked: boolean }
  | { type: 'card.save' }
  | { type: 'card.delete' };

/** What the studio hears from a card. */
export type TokenCardParentEvent =
  | { type: 'token.saved'; token: StudioToken }
  | { type: 'token.deleted'; tokenId: string }
  /** The card's typing changed: the draft to keep, or null when it says what is saved. */
  | { type: 'token.draft'; tokenId: string; draft: TokenCardDraft | null };

export type TokenEditCardTag = 'busy';

const savedDescription = (token: StudioToken) => token.description ?? '';
/** The description Save sends: empty when the box is unchecked. */
export const sentDescription = (context: Pick<TokenEditCardContext, 'describe' | 'description'>) => (context.describe ? context.description.trim() : '');

function errorsOf(context: Pick<TokenEditCardContext, 'name' | 'description' | 'describe'>): TokenEditCardContext['errors'] {
  const name = tokenNameError(context.name);
  const description = context.describe ? tokenDescriptionError(context.description) : null;
  return { ...(name ? { name } : {}), ...(description ? { description } : {}) };
}

/** Save is enabled: the name changed (and is valid), or the description changed and passes the rule. */
export function canSaveCard(context: TokenEditCardContext): boolean {
  const errors = errorsOf(context);
  if (errors.name) return false;
  const nameChanged = context.name.trim() !== context.token.name;
  const descriptionChanged = sentDescription(context) !== savedDescription(context.token);
  if (descriptionChanged && errors.description) return false;
  return nameChanged || descriptionChanged;
}

const fromToken = (token: StudioToken) => ({ token, name: token.name, description: savedDescription(token), describe: savedDescription(token) !== '', errors: {} });

/** The draft a card's values make: null when they say what the token has saved (nothing to keep). */
export function cardDraftOf(context: Pick<TokenEditCardContext, 'token' | 'name' | 'description' | 'describe'>): TokenCardDraft | null {
  const saved = fromToken(context.token);
  if (context.name === saved.name && context.description === saved.description && context.describe === saved.describe) return null;
  return { name: context.name, description: context.description, describe: context.describe };
}

function startContext(input: TokenEditCardInput): TokenEditCardContext {
  const base = { canvasId: input.canvasId, ...fromToken(input.token) };
  const draft = input.draft;
  if (!draft) return base;
  const typed = { ...base, name: draft.name, description: draft.description, describe: draft.describe };
  return { ...typed, errors: errorsOf(typed) };
}

export const tokenEditCardMachine = setup({
  types: {
    input: {} as TokenEditCardInput,
    context: {} as TokenEditCardContext,
    events: {} as TokenEditCardEvent,
    tags: {} as TokenEditCardTag,
  },
  actors: {
    // PUT /api/v1/canvas/{id}/token/{tokenId} → the updated token.
    saveToken: fromPromise<StudioToken, SaveTokenInput>(async () => {
      throw new Error('saveToken is provided by src/services/flows/studio.ts');
    }),
    // DELETE /api/v1/canvas/{id}/token/{tokenId}.
    deleteToken: fromPromise<void, TokenRef>(async () => {
      throw new Error('deleteToken is provided by src/services/flows/studio.ts');
    }),
  },
  guards: {
    canSave: ({ context }) => canSaveCard(context),
  },
  actions: {
    setName: assign(({ context, event }) => {
      const name = event.type === 'card.name' ? event.value : context.name;
      return { name, errors: errorsOf({ ...context, name }) };
    }),
    setDescription: assign(({ context, event }) => {
      const description = event.type === 'card.description' ? event.value : context.description;
      return { description, errors: errorsOf({ ...context, description }) };
    }),
    setDescribe: assign(({ context, event }) => {
      const describe = event.type === 'card.describe' ? event.checked : context.describe;
      return { describe, errors: errorsOf({ ...context, describe }) };
    }),
    saved: enqueueActions(({ event, enqueue, system }) => {
      const token = (event as unknown as { output: StudioToken }).output;
      enqueue.assign(fromToken(token));
      notifyThroughSystem(system, 'success', STUDIO_NOTICES.tokenUpdateSuccessful);
      enqueue.sendParent({ type: 'token.saved', token } satisfies TokenCardParentEvent);
    }),
    deleted: enqueueActions(({ context, enqueue, system }) => {
      notifyThroughSystem(system, 'success', tokenDeletedNotice(context.token.name));
      enqueue.sendParent({ type: 'token.deleted', tokenId: context.token.tokenId } satisfies TokenCardParentEvent);
    }),
    // The studio keeps the card's typing for a reload (token.draft); saved or deleted, it forgets it.
    reportDraft: sendParent(({ context }) => ({ type: 'token.draft', tokenId: context.token.tokenId, draft: cardDraftOf(context) }) satisfies TokenCardParentEvent),
    showError: ({ event, system }) => notifyThroughSystem(system, 'error', errorMessage((event as unknown as { error?: unknown }).error)),
  },
}).createMachine({
  id: 'tokenEditCard',
  context: ({ input }) => startContext(input),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'card.name': { actions: ['setName', 'reportDraft'] },
        'card.description': { actions: ['setDescription', 'reportDraft'] },
        'card.describe': { actions: ['setDescribe', 'reportDraft'] },
        'card.save': { guard: 'canSave', target: 'saving' },
        'card.delete': { target: 'deleting' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveToken',
        src: 'saveToken',
        input: ({ context }) => ({ canvasId: context.canvasId, tokenId: context.token.tokenId, name: context.name.trim(), description: sentDescription(context) }),
        onDone: { target: 'editing', actions: 'saved' },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteToken',
        src: 'deleteToken',
        input: ({ context }) => ({ canvasId: context.canvasId, tokenId: context.token.tokenId }),
        onDone: { target: 'deleted', actions: 'deleted' },
        onError: { target: 'editing', actions: 'showError' },
      },
    },
    deleted: { type: 'final' },
  },
});

export type TokenEditCardActor = ActorRefFrom<typeof tokenEditCardMachine>;
export type TokenEditCardSnapshot = SnapshotFrom<typeof tokenEditCardMachine>;
