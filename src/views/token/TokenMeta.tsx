import type { PersonInfo } from '../../services/marketplace';
import type { TokenDetail } from '../../services/token';
import { formatDate } from './dates';
import { Person } from './Person';
import { sameValidAddress } from '../../../domain/address';
import { currencyLabel, NATIVE_CURRENCY } from '../../../domain/nativeCurrency';
import { useNativeSymbol } from '../../components/trading/currency';
import { Suspense } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import { ChunkBoundary } from '../../components/data/ChunkBoundary';

// A generative token's seed and render check: their own chunk, loaded for generative tokens only.
const GenerativeFacts = retryableLazy(() => import('../../components/media/GenerativeFacts'));


/** Meta: owner (when not the creator), published-on date, currency, the media on IPFS and the metadata. */
export function TokenMeta({ token, owner }: { token: TokenDetail; owner: PersonInfo | null }) {
  const metadataUrl = token.metadataUrl ?? null;
  const showOwner = owner !== null && !sameValidAddress(owner.address, token.creatorInfo.address);
  const nativeSymbol = useNativeSymbol(token.chainId);
  const currency = currencyLabel(token.tokenHolding?.salePrice?.currency ?? NATIVE_CURRENCY, nativeSymbol);
  // Published on chain with its collection; the token row's creation date before that is known.
  const publishedOn = token.collection.publishedAt ?? token.createdAt;
  return (
    <section className="token-section token-meta" aria-labelledby="token-meta">
      <h2 id="token-meta" className="token-section-title">
        About this artwork
      </h2>
      <dl className="token-facts">
        {showOwner && (
          <div>
            <dt>Owner</dt>
            <dd>
              <Person person={owner} />
            </dd>
          </div>
        )}
        <div>
          <dt>Published on</dt>
          <dd>
            <time dateTime={publishedOn}>{formatDate(publishedOn)}</time>
          </dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{currency}</dd>
        </div>
        {token.mediaType === 'multipart/mixed' && (
          <ChunkBoundary fallback={null}>
            <Suspense fallback={null}>
              <GenerativeFacts key={token._id} token={token} />
            </Suspense>
          </ChunkBoundary>
        )}
      </dl>
      <p className="token-meta-links">
        {token.mediaUrl && (
          <a href={token.mediaUrl} target="_blank" rel="noopener noreferrer">
            View on IPFS
          </a>
        )}
        {metadataUrl && (
          <a href={metadataUrl} target="_blank" rel="noopener noreferrer">
            View metadata
          </a>
        )}
      </p>
    </section>
  );
}
