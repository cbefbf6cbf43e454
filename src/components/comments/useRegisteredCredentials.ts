// The registered account's signing credentials (null unless the wallet session is registered), stable per login.
import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import type { ApiKeyCredentials } from '../../services/authFetch';

export function useRegisteredCredentials(): ApiKeyCredentials | null {
  const wallet = useSystemActor('walletSession');
  const registered = useSelector(wallet, (snapshot) => snapshot.hasTag('registered'));
  const address = useSelector(wallet, (snapshot) => snapshot.context.address);
  const key = useSelector(wallet, (snapshot) => snapshot.context.apiKey?.key ?? null);
  const credentials = useRef<ApiKeyCredentials | null>(null);
  const next = registered && address && key ? { address, key } : null;
  // Same login, same object: effects keyed on it run only when the login changes.
  if (next?.address !== credentials.current?.address || next?.key !== credentials.current?.key) credentials.current = next;
  return credentials.current;
}
