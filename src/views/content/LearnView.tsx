import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import './content.css';

/** /learn: about us — who we are, how curation works, what artists and collectors get. */
export function LearnView() {
  useDocumentTitle('About us');
  return (
    <div className="page content-page learn-page">
      <header className="page-header">
        <h1 className="page-title">About us</h1>
        <p className="page-subheading">A curated marketplace where independent digital artists meet the people who collect them.</p>
      </header>
      <div className="content-prose">
        <section aria-labelledby="learn-why">
          <h2 id="learn-why" className="section-title">Why Art Bazaar</h2>
          <p>
            Digital art deserves the care a good gallery gives to a wall: a selection someone stands behind, a context
            for each work, and a fair deal for the artist. Art Bazaar is that gallery, open in your browser. Artists
            publish their collections as tokens, collectors buy them with their own wallet, and the artwork stays
            theirs, not ours.
          </p>
        </section>
        <section aria-labelledby="learn-curation">
          <h2 id="learn-curation" className="section-title">Curated, artist by artist</h2>
          <p>
            Nobody publishes here by default. An artist applies with three original digital artworks — collaborations
            are welcome when every artist is credited — and our curators review each application. Once an artist is
            accepted, the studio opens for them: they build a collection, upload its artworks and publish it on chain in
            a single transaction.
          </p>
          <p>
            Our exhibitions and articles put the work in context: themed shows chosen by curators, and conversations
            with the artists behind the collections.
          </p>
        </section>
        <section aria-labelledby="learn-artists">
          <h2 id="learn-artists" className="section-title">For artists</h2>
          <ul>
            <li>No minting fee: publishing a collection costs only the network's gas fees.</li>
            <li>Royalties you choose, in basis points (100 basis points are 1%), paid to you by the marketplace contract on each sale.</li>
            <li>A page of your own, with your story, highlights and portfolio, and room for formats other marketplaces leave out, like flipcards and generative art.</li>
          </ul>
        </section>
        <section aria-labelledby="learn-collectors">
          <h2 id="learn-collectors" className="section-title">For collectors</h2>
          <p>
            Browse without an account. When something stays with you, connect a browser wallet and buy it at its price
            in ETH, or make an offer. Your artworks live in your wallet; your dashboard shows what you own, the offers
            you sent and received, and the works you liked.
          </p>
        </section>
      </div>
      <div className="content-actions">
        <Link to="/explore" className="button button-primary button-large">
          Explore the art
        </Link>
        <Link to="/artists/apply" className="button button-large">
          Apply as an artist
        </Link>
      </div>
    </div>
  );
}
