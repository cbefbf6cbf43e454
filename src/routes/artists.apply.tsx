import { createFileRoute } from '@tanstack/react-router';
import { ArtistApplyView } from '../views/artists/ArtistApplyView';

// Seed 001 §2 "Artist application".
export const Route = createFileRoute('/artists/apply')({
  component: ArtistApplyView,
});
