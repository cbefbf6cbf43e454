import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { formatPrice } from '../../app/format';
import { useNativeSymbol } from '../../components/trading/currency';
import type { TokenDetail } from '../../services/token';

// Readable media type names (docs/requirements.md#media).
const MEDIA_TYPE_NAMES: Record<string, string> = {
  image: 'Image',
  gif: 'GIF',
  'multipart/image': 'Flipcard',
  'multipart/mixed': 'Generative art',
  video: 'Video',
  sound: 'Sound',
};

/** The supply per token when known (the collection's supplyPerToken, or the token's attributes/metadata), else null. */
export function knownSupply(token: Pick<TokenDetail, 'attributes' | 'metadata' | 'collection'>): number | null {
  const perToken = token.collection.supplyPerToken;
  if (typeof perToken === 'number' && perToken > 0) return perToken;
  for (const source of [token.attributes, token.metadata]) {
    if (!source || typeof source !== 'object') continue;
    const record = source as Record<string, unknown>;
    const value = Number(record.supply ?? record.supplyPerToken ?? record.editions);
    if (Number.isInteger(value) && value > 0) return value;
  }
  return null;
}

/** The token's description under its heading (headingId names the section for a screen reader); nothing without one. */
export function TokenDescription({ text, headingId }: { text: string | null | undefined; headingId: string }) {
  if (!text) return null;
  return (
    <section className="token-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="token-section-title">
        Description
      </h2>
      <p className="token-description">{text}</p>
    </section>
  );
}

/** The chain's configured name (GET /api/v1/config evms), else the server's, else its id. */
export function useChainName(chainId: number, serverName?: string | null): string {
  const config = useSystemActor('config');
  const name = useSelector(config, (snapshot) => snapshot.context.config?.evms.find((evm) => evm.chainId === chainId)?.name);
  return name ?? serverName ?? `Chain ${chainId}`;
}

/** Details: listing price, token id, collection, chain, media type and, when known, the supply. */
export function TokenFacts({ token }: { token: TokenDetail }) {
  const chainName = useChainName(token.chainId, token.collection.chainName);
  const supply = knownSupply(token);
  const price = token.tokenHolding?.salePrice;
  const nativeSymbol = useNativeSymbol(token.chainId);
  return (
    <section className="token-section" aria-labelledby="token-details">
      <h2 id="token-details" className="token-section-title">
        Details
      </h2>
      <dl className="token-facts">
        <div>
          <dt>Price</dt>
          <dd>{price ? formatPrice(price, nativeSymbol) : 'Not for sale'}</dd>
        </div>
        <div>
          <dt>Token ID</dt>
          <dd>{token.tokenId}</dd>
        </div>
        <div>
          <dt>Collection</dt>
          <dd>{token.collection.name}</dd>
        </div>
        <div>
          <dt>Chain</dt>
          <dd>{chainName}</dd>
        </div>
        <div>
          <dt>Media type</dt>
          <dd>{MEDIA_TYPE_NAMES[token.mediaType] ?? token.mediaType}</dd>
        </div>
        {supply !== null && (
          <div>
            <dt>Supply</dt>
            <dd>{supply === 1 ? '1 of 1' : `${supply} editions`}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
