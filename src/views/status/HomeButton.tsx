import { Link } from '@tanstack/react-router';

export function GoToMainPage() {
  return (
    <Link to="/" className="button button-primary">
      Go to main page
    </Link>
  );
}
