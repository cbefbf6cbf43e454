/** The token page while it loads: the same grid and box sizes as the loaded page, so nothing shifts. */
export function TokenSkeleton() {
  return (
    <div className="page token-page" aria-busy="true">
      <p className="token-visually-hidden" role="status">
        Loading artwork…
      </p>
      <div className="token-layout" aria-hidden="true">
        <div className="token-media-frame skeleton" />
        <div className="token-summary">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
          <div className="skeleton skeleton-panel" />
        </div>
      </div>
    </div>
  );
}
