import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import { checksumAddress, shortenAddress } from '../../app/format';
import { explorerAddressUrl, type CollectionDisplay } from '../../services/collection';
import { formatDayMonthYear } from './collectionFormat';

/** Published date, chain name and the view-on-chain link (the contract address with a copy button on a chain without an explorer). */
export function CollectionDetails({ collection }: { collection: CollectionDisplay }) {
  const config = useSystemActor('config');
  const evm = useSelector(config, (snapshot) => snapshot.context.config?.evms.find((entry) => entry.chainId === collection.chainId));
  const chainName = evm?.name;
  const address = collection.address ?? '';
  // The view-on-chain link: the chain's block explorer comes from the server config; a chain without one shows the address.
  const explorer = address ? explorerAddressUrl(evm?.blockExplorerUrl, checksumAddress(address)) : null;
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard permission: the full address stays selectable in the title and the text.
      setCopied(false);
    }
  };

  return (
    <dl className="collection-details">
      <div>
        <dt>Published</dt>
        <dd>{formatDayMonthYear(collection.publishedAt ?? collection.createdAt)}</dd>
      </div>
      <div>
        <dt>Chain</dt>
        <dd>{chainName ?? `Chain ${collection.chainId}`}</dd>
      </div>
      {address && (
        <div>
          <dt>Contract</dt>
          <dd className="collection-contract">
            {explorer ? (
              <a href={explorer} target="_blank" rel="noopener noreferrer">
                View on chain <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            ) : (
              <>
                <code title={checksumAddress(address)}>{shortenAddress(address)}</code>
                <button type="button" className="button" onClick={() => void copy()} aria-label="Copy contract address">
                  {copied ? 'Copied' : 'Copy'}
                </button>
                <span className="visually-hidden" role="status">
                  {copied ? 'Contract address copied' : ''}
                </span>
              </>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
