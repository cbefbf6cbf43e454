import { createFileRoute } from '@tanstack/react-router';
import { ArtistView } from '../views/artist/ArtistView';

// See docs/requirements.md#artists: the artist page; artistId is the artist's wallet address.
export const Route = createFileRoute('/artist/$artistId/')({
  component: ArtistRoute,
});

function ArtistRoute() {
  const { artistId } = Route.useParams();
  return <ArtistView id={artistId} />;
}
