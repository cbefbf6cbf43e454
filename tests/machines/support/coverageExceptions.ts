// What the model-based paths do not reach, machine by machine, and why: the one place the machine coverage table
// (coverage.globalSetup.ts) takes its exceptions from. Items are written as the table reports them: a state node id,
// a transition as "<source state node id> <event type>" (`always` for an eventless one), an event type. A full run of
// the machines project fails when a missing item is not named here, and when an item named here is reached.

export interface CoverageException {
  /** A short name the table shows. */
  name: string;
  /** Why the paths do not reach it (what in the machine or the model keeps them from it). */
  reason: string;
  states?: string[];
  transitions?: string[];
  events?: string[];
  /** The machine has no model-based suite at all. */
  noModelSuite?: boolean;
}

// Why a transition back to the same vertex is often missing: the shortest paths end at each vertex of the model's
// graph once, by the fewest events, and a simple path never revisits one, so a transition that changes neither the
// state nor what the model's projection keeps (a `reenter` that restarts a timer, an action with an effect only) is on
// no generated path. They are named "self-loop" below.
const SELF_LOOP = 'self-loop';

export const COVERAGE_EXCEPTIONS: Record<string, CoverageException[]> = {
  app: [
    {
      name: 'page-flow error catch',
      reason:
        'a guard-only, target-less rule on the descriptor `xstate.error.actor.*` that swallows page flows\' error reports; a model cannot send a wildcard type and the rule changes nothing; appMachine.test.ts checks it with a failing page flow and a failing long-lived child',
      transitions: ['app xstate.error.actor.*'],
    },
  ],
  collectionCover: [
    {
      name: 'login steady while saving',
      reason:
        'the model changes the login only from idle (and closes it from cropping) to keep the graph small; during saving and showing the machine only records the new editor (the same assign as the root\'s own editor.changed)',
      transitions: ['collectionCover.saving editor.changed', 'collectionCover.showing editor.changed'],
    },
  ],
  collectionSell: [
    {
      name: 'draft read settles first',
      reason: 'while the draft is read the model sends only a typed price and the read\'s outcome; a sync then only records what it reports (assignSync), as it does in the busy states',
      transitions: ['collectionSell.restoring listing.sync'],
    },
    {
      name: 'one wallet per path',
      reason: 'the model sends wallet.changed only for the first wallet (no address yet); a switch while a listing or cancel runs only records the new address for when the action ends',
      transitions: ['collectionSell.listing wallet.changed', 'collectionSell.cancelling wallet.changed'],
    },
  ],
  commentThread: [
    {
      name: 'one region at a time',
      reason: 'the model lets a running read answer before anything else (commentThreadModel.ts filterEvents); a viewer change while the list re-reads after a write goes to refreshing exactly as from idle',
      transitions: ['commentThread.ready.list.syncing viewer.changed'],
    },
    {
      name: SELF_LOOP,
      reason: 'Post pressed again while waiting for sign-in only reopens the wallet dialog (openWalletDialog): same state, same context',
      transitions: ['commentThread.ready.editor.open.signingIn editor.submit'],
    },
  ],
  contactForm: [
    {
      name: 'draft read settles first',
      reason: 'in restoring the model sends only the draft read\'s three outcomes; the same edits, blurs and checks are taken from idle, success and failure',
      transitions: ['contactForm.restoring field.change', 'contactForm.restoring field.blur', 'contactForm.restoring check.solved', 'contactForm.restoring check.expired'],
    },
    {
      name: 'scripted form filling',
      reason:
        'the model fills the form field after field: a blur only on the first round\'s message, a check only once every field is filled; after a send the form is empty (success) or the first round is over (failure), so these touch/token updates come from idle instead',
      transitions: ['contactForm.success field.blur', 'contactForm.success check.solved', 'contactForm.failure field.blur'],
    },
  ],
  form: [
    {
      name: 'suite form keeps a draft',
      reason: 'the model-based suite\'s form keeps a draft (as the profile form does), so keepsNoDraft is false at its start; formMachine.test.ts\'s forms without a draft go through it',
      transitions: ['form.restoring always'],
    },
  ],
  liveEvents: [
    {
      name: SELF_LOOP,
      reason: 'reconnecting while disconnected only asks the socket to reconnect (an effect), and a list change while a refresh is pending restarts its timer (reenter): neither changes a vertex, and the suite walks shortest paths only',
      transitions: ['liveEvents.connection.disconnected live.reconnect', 'liveEvents.lists.refreshing lists.changed'],
    },
  ],
  studio: [
    {
      name: 'cover chosen on details only',
      reason: 'the model chooses and crops the cover on the details step (studioModel.ts studioFilter); the update step shares the same form states (detailsForm), where the model edits the other fields',
      transitions: ['studio.update.editing details.cover', 'studio.update.editing details.coverEditing'],
    },
  ],
  tokenDashboard: [
    {
      name: 'wallet arrives while loading',
      reason:
        'without a wallet the model\'s only step is the owner\'s wallet arriving while loading, so every load ends with a viewer; the load without a wallet (restoring → ready at once) is tokenDashboardRules.test.ts\'s read-only holding',
      transitions: ['tokenDashboard.restoring always'],
    },
    {
      name: 'wallet switch at rest',
      reason: 'the model switches wallets only while nothing runs (sync idle); a scheduled or running refetch has the same trigger (refetchTriggers: refetch for the new viewer) as idle',
      transitions: ['tokenDashboard.ready.sync.scheduled wallet.changed', 'tokenDashboard.ready.sync.fetching wallet.changed'],
    },
  ],
  tokenOffers: [
    {
      name: SELF_LOOP,
      reason: 'another offer event while a refetch is pending restarts its delay (reenter): the same vertex, and the suite walks shortest paths only',
      transitions: ['tokenOffers.pending live.received'],
    },
  ],
  tokenPage: [
    {
      name: SELF_LOOP,
      reason: 'a reconnect while the page refetches restarts the refetch (reenter) with nothing else changed: the same vertex',
      transitions: ['tokenPage.ready.sales.refreshing live.reconnected'],
    },
  ],
  upload: [
    {
      name: 'files chosen before the start',
      reason: 'the model adds files only while choosing (uploadMachine.model.test.ts filterEvents); adding during an upload only queues them, as adding while choosing does',
      transitions: ['upload.uploading upload.add'],
    },
  ],
  walletSession: [
    {
      name: 'back online, the detour',
      reason:
        'where the session does not wait for the network, the root only records online: true; that vertex is reached sooner without going offline, so no shortest path takes it, and the simple paths leave connectivity events out (walletSessionModel.ts)',
      transitions: ['walletSession wallet.online'],
    },
  ],
};

/**
 * docs/machines pages whose machine a suite tests under another id: a factory that takes the machine's id makes the
 * page's machine (documented as called without arguments) and the suite's instance.
 */
export const COVERED_AS: Record<string, string> = {
  homeSectionMachine: 'homeFeaturedCollection',
};
