import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';

/** Asks before applying a new service worker; the update happens only on the user's word. */
export function PwaUpdatePrompt() {
  const pwaUpdate = useSystemActor('pwaUpdate');
  const prompting = useSelector(pwaUpdate, (snapshot) => snapshot.matches('prompting'));
  const updating = useSelector(pwaUpdate, (snapshot) => snapshot.matches('updating'));
  if (!prompting && !updating) return null;
  return (
    <div className="pwa-update" role="dialog" aria-modal="false" aria-labelledby="pwa-update-text">
      <p id="pwa-update-text">A new version is available</p>
      <div className="pwa-update-actions">
        <button type="button" className="button button-primary" disabled={updating} onClick={() => pwaUpdate.send({ type: 'update.accept' })}>
          Reload
        </button>
        <button type="button" className="button" disabled={updating} onClick={() => pwaUpdate.send({ type: 'update.dismiss' })}>
          Later
        </button>
      </div>
    </div>
  );
}
