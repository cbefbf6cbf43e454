import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';

/** A centred message page (404, maintenance, geofence, error) with its actions below. */
export function StatusPage({ title, heading, children, actions, art }: { title: string; heading: string; children?: ReactNode; actions?: ReactNode; art?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="status-page" aria-labelledby="status-heading">
      {art && <div className="status-art" aria-hidden="true">{art}</div>}
      <h1 id="status-heading" className="status-heading">{heading}</h1>
      {children}
      {actions && <div className="status-actions">{actions}</div>}
    </section>
  );
}
