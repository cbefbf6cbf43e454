import { and, assign, setup } from 'xstate';
import { NOTIFICATION_HIDE_MS, type NotificationKind } from './constants';

export type { NotificationKind } from './constants';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  text: string;
}

export interface NotificationsContext {
  current: AppNotification | null;
  queue: AppNotification[];
  nextId: number;
}

export type NotificationsEvent =
  | { type: 'notify.show'; kind: NotificationKind; text: string }
  // The close button passes the id it rendered, so a click racing an auto-hide cannot close the next one.
  | { type: 'notify.dismiss'; id?: number }
  | { type: 'notify.dismissSticky'; text: string };

const isSameSticky = (n: AppNotification, text: string) => n.kind === 'sticky' && n.text === text;

// Queue, not replace: one notification is shown at a time and the next shows after the current hides or is closed.
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  delays: {
    hideDelay: ({ context }) => NOTIFICATION_HIDE_MS[context.current?.kind ?? 'info'],
  },
  guards: {
    isDuplicateSticky: ({ context, event }) =>
      event.type === 'notify.show' &&
      event.kind === 'sticky' &&
      [context.current, ...context.queue].some((n) => n !== null && isSameSticky(n, event.text)),
    hasQueued: ({ context }) => context.queue.length > 0,
    isForAnotherNotification: ({ context, event }) =>
      event.type === 'notify.dismiss' && event.id !== undefined && event.id !== context.current?.id,
    isCurrentSticky: ({ context, event }) =>
      event.type === 'notify.dismissSticky' && context.current !== null && isSameSticky(context.current, event.text),
    isQueuedSticky: ({ context, event }) =>
      event.type === 'notify.dismissSticky' && context.queue.some((n) => isSameSticky(n, event.text)),
  },
  actions: {
    showNew: assign(({ context, event }) => {
      if (event.type !== 'notify.show') return {};
      return { current: { id: context.nextId, kind: event.kind, text: event.text }, nextId: context.nextId + 1 };
    }),
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'notify.show') return {};
      return {
        queue: [...context.queue, { id: context.nextId, kind: event.kind, text: event.text }],
        nextId: context.nextId + 1,
      };
    }),
    showNextQueued: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clearCurrent: assign({ current: null }),
    removeQueuedSticky: assign(({ context, event }) => {
      if (event.type !== 'notify.dismissSticky') return {};
      return { queue: context.queue.filter((n) => !isSameSticky(n, event.text)) };
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { current: null, queue: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notify.show': { target: 'shown', actions: 'showNew' },
      },
    },
    shown: {
      after: {
        hideDelay: [
          { guard: 'hasQueued', target: 'shown', reenter: true, actions: 'showNextQueued' },
          { target: 'idle', actions: 'clearCurrent' },
        ],
      },
      on: {
        'notify.show': [{ guard: 'isDuplicateSticky' }, { actions: 'enqueue' }],
        'notify.dismiss': [
          { guard: 'isForAnotherNotification' },
          { guard: 'hasQueued', target: 'shown', reenter: true, actions: 'showNextQueued' },
          { target: 'idle', actions: 'clearCurrent' },
        ],
        'notify.dismissSticky': [
          { guard: and(['isCurrentSticky', 'hasQueued']), target: 'shown', reenter: true, actions: 'showNextQueued' },
          { guard: 'isCurrentSticky', target: 'idle', actions: 'clearCurrent' },
          { guard: 'isQueuedSticky', actions: 'removeQueuedSticky' },
        ],
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
