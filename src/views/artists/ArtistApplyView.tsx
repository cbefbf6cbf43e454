import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { studioAccess } from '../../../machines/wallet/sessionSelectors';
import './artists.css';

// See docs/requirements.md#artists: what an artist gets, what an application needs, and the external
// form (the server config's artistApplicationUrl), opened in a new tab.
const PROMISES: Array<{ title: string; text: string }> = [
  { title: 'A page of your own', text: 'A customizable artist page: your cover, your story, highlights, a portfolio and your articles.' },
  { title: 'One transaction per collection', text: 'Mint a whole collection in a single transaction from the studio, royalties included.' },
  { title: 'More visibility', text: 'Your work in the catalogue, in explore and in our exhibitions, in front of collectors looking for it.' },
  { title: 'A responsive team', text: 'Curators and support who answer you, from your first upload to your first sale.' },
];

/** /artists/apply: the text and 'apply here'; a creator sees the button disabled with 'You're already an artist'. */
export function ArtistApplyView() {
  useDocumentTitle('Apply to become an artist');
  const wallet = useSystemActor('walletSession');
  const isCreator = useSelector(wallet, (snapshot) => studioAccess(snapshot) === 'creator');
  const config = useSystemActor('config');
  const applicationUrl = useSelector(config, (snapshot) => snapshot.context.config?.artistApplicationUrl ?? null);

  return (
    <div className="page artist-apply">
      <header className="page-header">
        <h1 className="page-title">Apply to become an artist</h1>
        <p className="page-subheading">Art Bazaar is curated: every artist who publishes here applied and was reviewed by our curators.</p>
      </header>
      <section aria-labelledby="artist-apply-offer">
        <h2 id="artist-apply-offer" className="section-title">What you get</h2>
        <ul className="artist-apply-promises">
          {PROMISES.map((promise) => (
            <li key={promise.title}>
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="artist-apply-requirements" className="artist-apply-requirements">
        <h2 id="artist-apply-requirements" className="section-title">What we ask</h2>
        <p>
          Three original digital artworks of yours. Collaborations are welcome, as long as every artist who took part is
          credited.
        </p>
        <p>
          We read every application, but we cannot promise a response time: the review takes as long as it needs, and
          we write to you once it is done.
        </p>
      </section>
      <div className="artist-apply-action">
        {isCreator ? (
          <button type="button" className="button button-primary button-large" disabled>
            You're already an artist
          </button>
        ) : applicationUrl ? (
          <a
            className="button button-primary button-large"
            href={applicationUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="apply here (opens in a new tab)"
          >
            apply here
          </a>
        ) : null}
      </div>
    </div>
  );
}
