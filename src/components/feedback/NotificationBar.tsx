import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';

/** The one visible notification (seed 000 §4): errors and warnings as alerts, the rest as status. */
export function NotificationBar() {
  const notifications = useSystemActor('notifications');
  const current = useSelector(notifications, (snapshot) => snapshot.context.current);
  if (!current) return null;
  const urgent = current.kind === 'error' || current.kind === 'warning';
  return (
    <div className={`notification-bar notification-${current.kind}`} role={urgent ? 'alert' : 'status'} key={current.id} data-notification-id={current.id}>
      <p className="notification-text">{current.text}</p>
      <button
        type="button"
        className="icon-button notification-close"
        aria-label="Close notification"
        onClick={() => notifications.send({ type: 'notify.dismiss', id: current.id })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
