// The app-wide offline status (shell): 'You are offline', and while stored answers are on screen how old they are.
// The live region is always in the page, so a change is announced; it is empty and hidden while all is current.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectOffline, selectStoredSince } from '../../../machines/offline/connectivityMachine';
import { useSystemActor } from '../../app/appActorContext';
import { savedAgeRefreshMs, savedAgeText } from './savedAge';
import '../../styles/offline.css';

export const OFFLINE_STATUS = 'You are offline';
export const STORED_STATUS = 'Showing saved data';

/** The status text: null while online with current data. */
export function connectivityStatusText(offline: boolean, storedSince: number | null, now: number): string | null {
  const age = storedSince === null ? null : savedAgeText(storedSince, now);
  if (offline) return age ? `${OFFLINE_STATUS} — ${STORED_STATUS.toLowerCase()}, ${age}` : OFFLINE_STATUS;
  return age ? `${STORED_STATUS} — ${age}` : null;
}

/** Now, re-read whenever the age text of `storedSince` can change. */
function useNow(storedSince: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (storedSince === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), savedAgeRefreshMs(storedSince, Date.now()));
    return () => clearTimeout(timer);
  }, [storedSince, now]);
  return storedSince === null ? now : Math.max(now, Date.now());
}

export function ConnectivityStatus() {
  const connectivity = useSystemActor('connectivity');
  const offline = useSelector(connectivity, selectOffline);
  const storedSince = useSelector(connectivity, selectStoredSince);
  const now = useNow(storedSince);
  const text = connectivityStatusText(offline, storedSince, now);
  return (
    <div
      role="status"
      className="connectivity-status"
      hidden={text === null}
      data-offline={offline ? 'true' : undefined}
      data-stored={storedSince === null ? undefined : 'true'}
    >
      {text}
    </div>
  );
}
