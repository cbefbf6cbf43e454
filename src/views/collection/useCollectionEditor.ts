import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import type { ApiKeyCredentials } from '../../services/authFetch';
import { isSameAddress } from './collectionFormat';

/** The signed-in creator's credentials when the viewer created the collection; null for everyone else. */
export function useCreatorCredentials(creatorAddress: string): ApiKeyCredentials | null {
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  const key = useSelector(wallet, (snapshot) => snapshot.context.apiKey?.key ?? null);
  if (!registered || !address || !key || !isSameAddress(address, creatorAddress)) return null;
  return { address, key };
}
