import { createFileRoute, notFound } from '@tanstack/react-router';
import { ArtistArtworksView } from '../views/artistArtworks/ArtistArtworksView';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// See docs/requirements.md#artists: /artist/{artistId}/artworks, all artworks of an artist (id = the wallet address, any case).
export const Route = createFileRoute('/artist/$artistId/artworks')({
  beforeLoad: ({ params }) => {
    if (!ADDRESS.test(params.artistId)) throw notFound();
  },
  component: ArtistArtworksRoute,
});

function ArtistArtworksRoute() {
  const { artistId } = Route.useParams();
  // Another artist is another page (its own name and list).
  return <ArtistArtworksView key={artistId.toLowerCase()} artistId={artistId} />;
}
