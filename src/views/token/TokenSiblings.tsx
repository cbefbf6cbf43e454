import { Link } from '@tanstack/react-router';
import { SIBLING_THUMBNAILS_SHOWN } from '../../../machines/lists/constants';
import { IMAGE_SIZES, tokenImage } from '../../../domain/responsiveImage';
import type { SiblingToken, TokenDetail } from '../../services/token';

const THUMB_SIZE = 96;

/** The collection link and up to 3 other tokens of the collection, each linking to its page when it has a holding. */
export function TokenSiblings({ collection, siblings, currentId }: { collection: TokenDetail['collection']; siblings: SiblingToken[]; currentId: string }) {
  const shown = siblings.filter((sibling) => sibling._id !== currentId).slice(0, SIBLING_THUMBNAILS_SHOWN);
  const name = <span className="token-collection-name">{collection.name}</span>;
  return (
    <section className="token-section token-collection" aria-labelledby="token-collection">
      <h2 id="token-collection" className="token-section-title">
        Collection
      </h2>
      {collection.address ? (
        <Link to="/collection/$address/$chainId" params={{ address: collection.address, chainId: String(collection.chainId) }} className="token-collection-link">
          {name}
        </Link>
      ) : (
        name
      )}
      {shown.length > 0 && (
        <ul className="token-siblings" aria-label={`More from ${collection.name}`}>
          {shown.map((sibling) => {
            const thumb = sibling.thumbnailUrl ? (
              <img {...tokenImage(sibling.thumbnailUrl, sibling.mediaType, IMAGE_SIZES.sibling)} alt={sibling.name} width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" decoding="async" />
            ) : (
              <span className="token-sibling-empty" role="img" aria-label={sibling.name} />
            );
            return (
              <li key={sibling._id}>
                {sibling.tokenHolding ? (
                  <Link to="/token/$id" params={{ id: sibling.tokenHolding.id }} className="token-sibling" title={sibling.name}>
                    {thumb}
                  </Link>
                ) : (
                  <span className="token-sibling" title={sibling.name}>
                    {thumb}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
