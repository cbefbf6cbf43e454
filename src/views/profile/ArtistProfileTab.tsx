import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { artistProfilePageFlow } from '../../services/flows/profile';
import { ArtistProfileForm } from './ArtistProfileForm';
import '../../styles/artistProfile.css';

/** The artist profile tab (creators): the own record, the featured-artwork choices and a kept draft, then the form. */
export function ArtistProfileTab({ address }: { address: string }) {
  const config = useSystemActor('config');
  const maxFileSize = useSelector(config, (snapshot) => snapshot.context.config?.maxFileSize ?? 10_485_760);
  const page = useFlow(artistProfilePageFlow, { input: { address } });
  const loading = useSelector(page, (snapshot) => snapshot.hasTag('loading'));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const data = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.data : null));
  const draft = useSelector(page, (snapshot) => snapshot.context.draft);

  if (loading) return <p role="status">Loading ...</p>;
  if (error) {
    return (
      <div className="artist-profile-failed">
        <p role="alert">{error}</p>
        <button type="button" className="button" onClick={() => page.send({ type: 'artistProfile.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (!data) return null;
  return <ArtistProfileForm address={address} record={data.record} draft={draft} artworks={data.artworks} maxFileSize={maxFileSize} />;
}
