import { assign, setup } from 'xstate';
import { NOTIFICATION_HIDE_MS, type NotificationKind } from './constants';

export type { NotificationKind } from './constants';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  text: string;
}

export interface NotificationsContext {
  /** The one notification shown (docs/requirements.md#notifications: one at a time). */
  current: AppNotification | null;
  /** Sticky notifications whose flows still wait, oldest first; the newest comes back when the one shown hides. */
  stickies: AppNotification[];
  nextId: number;
}

export type NotificationsEvent =
  | { type: 'notify.show'; kind: NotificationKind; text: string }
  // The close button passes the id it rendered, so a click racing an auto-hide cannot close the next one.
  | { type: 'notify.dismiss'; id?: number }
  // A flow that showed a sticky notification ends its wait: the sticky goes, shown or waiting.
  | { type: 'notify.dismissSticky'; text: string }
  // The pointer or the focus is on the notice: it holds until they leave, then its kind's full delay runs again.
  | { type: 'notify.pause' }
  | { type: 'notify.resume' };

const isSticky = (n: AppNotification | null, text: string) => n !== null && n.kind === 'sticky' && n.text === text;
const kindGuard = (kind: NotificationKind) => ({ context }: { context: NotificationsContext }) => context.current?.kind === kind;

/**
 * See docs/requirements.md#notifications: one notification at a time, a new one replaces the one shown; each hides by itself after its
 * kind's delay (success 15000, info 4000, warning 4000, error 15000, sticky 1000000 ms) or when closed. A sticky
 * one stays until its flow ends (notify.dismissSticky), is never duplicated, and comes back once a notification
 * shown over it hides while its flow still waits. While the pointer or the focus is on it (notify.pause) it does not
 * hide by itself; when they leave (notify.resume) its kind's delay starts over.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  delays: {
    successHide: NOTIFICATION_HIDE_MS.success,
    infoHide: NOTIFICATION_HIDE_MS.info,
    warningHide: NOTIFICATION_HIDE_MS.warning,
    errorHide: NOTIFICATION_HIDE_MS.error,
    stickyHide: NOTIFICATION_HIDE_MS.sticky,
  },
  guards: {
    isDuplicateSticky: ({ context, event }) =>
      event.type === 'notify.show' && event.kind === 'sticky' && context.stickies.some((n) => n.text === event.text),
    isForAnotherNotification: ({ context, event }) =>
      event.type === 'notify.dismiss' && event.id !== undefined && event.id !== context.current?.id,
    isShownSticky: ({ context, event }) => event.type === 'notify.dismissSticky' && isSticky(context.current, event.text),
    hasWaitingSticky: ({ context }) => context.stickies.length > 0,
    showsSuccess: kindGuard('success'),
    showsInfo: kindGuard('info'),
    showsWarning: kindGuard('warning'),
    showsError: kindGuard('error'),
  },
  actions: {
    showNew: assign(({ context, event }) => {
      if (event.type !== 'notify.show') return {};
      const shown: AppNotification = { id: context.nextId, kind: event.kind, text: event.text };
      return {
        current: shown,
        stickies: shown.kind === 'sticky' ? [...context.stickies, shown] : context.stickies,
        nextId: context.nextId + 1,
      };
    }),
    // The shown one goes; a sticky closed by the user or by its timeout does not come back.
    hideCurrent: assign(({ context }) => ({
      current: null,
      stickies: context.stickies.filter((n) => n.id !== context.current?.id),
    })),
    forgetSticky: assign(({ context, event }) => {
      if (event.type !== 'notify.dismissSticky') return {};
      return { stickies: context.stickies.filter((n) => n.text !== event.text) };
    }),
    bringBackSticky: assign(({ context }) => ({ current: context.stickies.at(-1) ?? null })),
  },
}).createMachine({
  id: 'notifications',
  context: { current: null, stickies: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notify.show': { target: 'shown', actions: 'showNew' },
      },
    },
    shown: {
      initial: 'choosing',
      states: {
        // Transient: the shown notification's kind picks the state, hence its hide delay.
        choosing: {
          always: [
            { guard: 'showsSuccess', target: 'success' },
            { guard: 'showsInfo', target: 'info' },
            { guard: 'showsWarning', target: 'warning' },
            { guard: 'showsError', target: 'error' },
            { target: 'sticky' },
          ],
        },
        success: { after: { successHide: '#notifications.hiding' } },
        info: { after: { infoHide: '#notifications.hiding' } },
        warning: { after: { warningHide: '#notifications.hiding' } },
        error: { after: { errorHide: '#notifications.hiding' } },
        sticky: { after: { stickyHide: '#notifications.hiding' } },
        paused: {
          on: { 'notify.resume': 'choosing' },
        },
      },
      on: {
        'notify.pause': '.paused',
        // Re-entering restarts the hide timer with the new notification's delay.
        'notify.show': [{ guard: 'isDuplicateSticky' }, { target: 'shown', reenter: true, actions: 'showNew' }],
        'notify.dismiss': [{ guard: 'isForAnotherNotification' }, { target: 'hiding' }],
        'notify.dismissSticky': [
          { guard: 'isShownSticky', target: 'hiding', actions: 'forgetSticky' },
          { actions: 'forgetSticky' },
        ],
      },
    },
    // Transient: the shown one is gone; a sticky whose flow still waits comes back, else nothing shows.
    hiding: {
      entry: 'hideCurrent',
      always: [{ guard: 'hasWaitingSticky', target: 'shown', actions: 'bringBackSticky' }, { target: 'idle' }],
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
