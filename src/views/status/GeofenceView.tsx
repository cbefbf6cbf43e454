import { PRODUCT_NAME } from '../../app/product';
import { StatusPage } from './StatusPage';

/** Shown when the server says the app is not supported in the visitor's region (config failed.region). */
export function GeofenceView({ message }: { message?: string }) {
  return (
    <StatusPage title="Not available in your region" heading={`${PRODUCT_NAME} is not available in your region`}>
      <p className="status-text">{message || 'The marketplace cannot be used from your current location.'}</p>
    </StatusPage>
  );
}
