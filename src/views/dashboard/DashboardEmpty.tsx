import { Link } from '@tanstack/react-router';

/** See docs/requirements.md#dashboard: an empty Purchased tokens or Favorites tab links to explore. */
export function EmptyExplore({ text }: { text: string }) {
  return (
    <div className="dashboard-empty">
      <p>{text}</p>
      <Link to="/explore" className="button button-primary">
        Explore
      </Link>
    </div>
  );
}
