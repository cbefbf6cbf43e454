import { StatusPage } from './StatusPage';
import { GoToMainPage } from './HomeButton';

// Both 404 texts of the specification, exactly (docs/requirements.md#content-pages).
export const NOT_FOUND_HEADING = "Oooooops! We couldn't find the page you're looking for :(";
export const NOT_FOUND_TEXT = "This page does not exist or you don't have access to it";

export function NotFoundView() {
  return (
    <StatusPage title="Page not found" heading={NOT_FOUND_HEADING} art={<span className="status-code">404</span>} actions={<GoToMainPage />}>
      <p className="status-text">{NOT_FOUND_TEXT}</p>
    </StatusPage>
  );
}
