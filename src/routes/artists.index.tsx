import { createFileRoute } from '@tanstack/react-router';
import { ArtistsCatalogueView } from '../views/artists/ArtistsCatalogueView';

// Seed 001 §2 "Artists catalogue".
export const Route = createFileRoute('/artists/')({
  component: ArtistsCatalogueRoute,
});

function ArtistsCatalogueRoute() {
  return <ArtistsCatalogueView />;
}
