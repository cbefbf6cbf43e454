import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorView } from './ErrorView';

/** A page that failed to load or render: the general error page; Try again reloads the route. */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorView
      message={error instanceof Error ? error.message : undefined}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
