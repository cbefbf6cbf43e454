import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import './content.css';

/**
 * /flipcard (docs/requirements.md#content-pages): what a flipcard is; Explore opens explore with the filters reset to the flipcard media type
 * only (explore keeps its filters in the URL, so the link is the whole filter state); Share goes to studio-create.
 */
export function FlipcardView() {
  useDocumentTitle('Flipcard');
  return (
    <div className="page content-page flipcard-page">
      <header className="page-header">
        <h1 className="page-title">Flipcard</h1>
        <p className="page-subheading">An artwork made of cards you turn over, one by one.</p>
      </header>
      <div className="content-prose">
        <section aria-labelledby="flipcard-what">
          <h2 id="flipcard-what" className="section-title">What is a flipcard?</h2>
          <p>
            A flipcard is an image cut into a grid of cards, some rows by some columns, each of which turns over on its
            own. The artwork is not fixed: it changes with the cards you turn and the order you turn them in, so every
            collector who plays with it composes it a little differently.
          </p>
        </section>
        <section aria-labelledby="flipcard-view">
          <h2 id="flipcard-view" className="section-title">Playing with one</h2>
          <p>
            On an artwork's page, click a card — or reach it with Tab and press Enter or Space — to flip it, and flip it
            again to turn it back. In lists, hovering a flipcard's thumbnail turns every card over for a glimpse of the
            other side.
          </p>
        </section>
        <section aria-labelledby="flipcard-make">
          <h2 id="flipcard-make" className="section-title">Making one</h2>
          <p>
            In the studio, choose the Flipcard media type for a collection, upload exactly one image per artwork and set
            how many rows and columns of cards it is cut into. Like every collection, it is published in a single
            transaction, with no minting fee — only the network's gas fees.
          </p>
        </section>
      </div>
      <div className="content-actions">
        <Link to="/explore" search={{ media: ['multipart/image'] }} className="button button-primary button-large">
          Explore flipcards
        </Link>
        <Link to="/studio/create" className="button button-large">
          Share your flipcard
        </Link>
      </div>
    </div>
  );
}
