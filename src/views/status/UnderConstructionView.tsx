import { StatusPage } from './StatusPage';
import { GoToMainPage } from './HomeButton';

export function UnderConstructionView() {
  return (
    <StatusPage title="Under Maintenance" heading="Under Maintenance" actions={<GoToMainPage />}>
      <p className="status-text">We are improving this part of the marketplace. Please come back a little later.</p>
    </StatusPage>
  );
}
