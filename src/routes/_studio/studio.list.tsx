import { createFileRoute } from '@tanstack/react-router';
import { StudioListView } from '../../views/studio/list/StudioListView';

// See docs/requirements.md#shell-routes "/studio/list": the creator's collections (wallet and creator flag: the _studio layout's guard).
export const Route = createFileRoute('/_studio/studio/list')({
  component: StudioListView,
});
