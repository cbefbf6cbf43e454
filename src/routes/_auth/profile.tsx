import { createFileRoute } from '@tanstack/react-router';
import { ProfileView } from '../../views/profile/ProfileView';

export const Route = createFileRoute('/_auth/profile')({
  component: ProfileView,
});
