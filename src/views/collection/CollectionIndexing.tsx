import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { collectionIndexingFlow } from '../../services/flows/collectionIndexing';

/**
 * Runs, while the page's collection comes from this device's publishing receipt, the flow that shows the page from the
 * index once the indexer has it; shows `children` (the indexing status) until then.
 */
export function CollectionIndexing({ address, chainId, children }: { address: string; chainId: number; children: ReactNode }) {
  const flow = useFlow(collectionIndexingFlow, { input: { address, chainId } });
  const indexing = useSelector(flow, (snapshot) => snapshot.hasTag('indexing'));
  return indexing ? children : null;
}
