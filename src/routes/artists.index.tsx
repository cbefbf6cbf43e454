import { createFileRoute } from '@tanstack/react-router';
import { ArtistsCatalogueView } from '../views/artists/ArtistsCatalogueView';

// The artists catalogue (docs/requirements.md#artists).
export const Route = createFileRoute('/artists/')({
  component: ArtistsCatalogueRoute,
});

function ArtistsCatalogueRoute() {
  return <ArtistsCatalogueView />;
}
