import { assign, setup } from 'xstate';
import { DEFAULT_THEME, THEMES, type Theme } from './constants';
import { notProvided } from '../system/notProvided';

export type { Theme } from './constants';

export interface StoredSettings {
  theme: Theme;
}

export interface SettingsContext {
  theme: Theme;
}

export type SettingsEvent = { type: 'theme.toggle' } | { type: 'theme.set'; theme: Theme };

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

/** The user's settings (the theme), read from storage at start and stored after every change. */
export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
  },
  actors: {
    // Resolves the stored settings, or null when nothing is stored yet.
    loadSettings: notProvided<StoredSettings | null>('settingsMachine', 'loadSettings'),
  },
  actions: {
    // Services write { theme } to storage; called after every user change.
    persistSettings: (_args, _params: StoredSettings) => {
      throw new Error('settingsMachine: action "persistSettings" not provided');
    },
    applyStored: assign(({ event }) => {
      const stored = (event as { output?: unknown }).output as Partial<StoredSettings> | null | undefined;
      return { theme: isTheme(stored?.theme) ? stored.theme : DEFAULT_THEME };
    }),
    toggleTheme: assign({ theme: ({ context }) => (context.theme === 'light' ? 'dark' : 'light') }),
    setTheme: assign({ theme: ({ context, event }) => (event.type === 'theme.set' ? event.theme : context.theme) }),
  },
  guards: {
    isNewTheme: ({ context, event }) => event.type === 'theme.set' && isTheme(event.theme) && event.theme !== context.theme,
  },
}).createMachine({
  id: 'settings',
  context: { theme: DEFAULT_THEME },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: 'applyStored' },
        // A failed load falls back to the default theme.
        onError: { target: 'ready', actions: assign({ theme: DEFAULT_THEME }) },
      },
    },
    ready: {
      on: {
        'theme.toggle': {
          actions: ['toggleTheme', { type: 'persistSettings', params: ({ context }) => ({ theme: context.theme }) }],
        },
        'theme.set': {
          guard: 'isNewTheme',
          actions: ['setTheme', { type: 'persistSettings', params: ({ context }) => ({ theme: context.theme }) }],
        },
      },
    },
  },
});

export type SettingsMachine = typeof settingsMachine;
