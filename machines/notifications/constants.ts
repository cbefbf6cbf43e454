// See docs/requirements.md#notifications: milliseconds a notification stays before it hides by itself.
export const NOTIFICATION_HIDE_MS = {
  success: 15000,
  info: 4000,
  warning: 4000,
  error: 15000,
  sticky: 1000000,
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_HIDE_MS;

export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_HIDE_MS) as NotificationKind[];
