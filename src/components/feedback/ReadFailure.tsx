// What a failed read shows: what could not be loaded, why, and Retry (the flow's retry event). Every page and list
// says it the same way; the words are the caller's.

export interface ReadFailureProps {
  /** "Could not load this artwork": a page's h1 (level 1) or a section's h2. */
  heading: string;
  level?: 1 | 2;
  error: string;
  onRetry: () => void;
  className?: string;
}

/** A page or section whose first read failed: its heading, the reason and a primary Retry. */
export function ReadFailure({ heading, level = 2, error, onRetry, className }: ReadFailureProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div role="alert" className={className}>
      <Heading className={level === 1 ? 'page-title' : 'section-title'}>{heading}</Heading>
      <p>{error}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A list whose page failed to load: one line saying so, and Retry. */
export function ListFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="list-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
