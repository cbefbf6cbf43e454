// See docs/requirements.md#account-profile: light and dark themes exist; the default is light.
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';
