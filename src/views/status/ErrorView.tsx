import { StatusPage } from './StatusPage';

/** The general error page (config failed.general), with a retry. */
export function ErrorView({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  return (
    <StatusPage
      title="Something went wrong"
      heading="Something went wrong"
      actions={
        onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry}>
            Try again
          </button>
        )
      }
    >
      <p className="status-text">{message || 'The marketplace could not start. Please try again.'}</p>
    </StatusPage>
  );
}
