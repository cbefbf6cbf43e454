import { createFileRoute } from '@tanstack/react-router';
import { ArtistApplyView } from '../views/artists/ArtistApplyView';

// The artist application (docs/requirements.md#artists).
export const Route = createFileRoute('/artists/apply')({
  component: ArtistApplyView,
});
