import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';

/** A switch between the light and dark themes, bound to the settings actor. */
export function ThemeSwitch({ className = '' }: { className?: string }) {
  const settings = useSystemActor('settings');
  const theme = useSelector(settings, (snapshot) => snapshot.context.theme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={`theme-switch ${className}`.trim()}
      onClick={() => settings.send({ type: 'theme.toggle' })}
    >
      <span className="theme-switch-track" aria-hidden="true">
        <span className="theme-switch-thumb">{dark ? <MoonIcon /> : <SunIcon />}</span>
      </span>
      <span className="theme-switch-label">Dark theme</span>
    </button>
  );
}

function SunIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" focusable="false">
      <path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" fill="currentColor" />
    </svg>
  );
}
