import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { createTokenPageMachine, TOKEN_SOLD_NOTICE } from '../../../machines/token/tokenPageMachine';
import { fromPromise } from 'xstate';
import { useSystemActor } from '../../app/appActorContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { subscribeLiveFeed } from '../../../machines/live/watchLive';
import { useViewedToken } from '../../services/live/viewedToken';
import { fetchTokenPage, fetchTokenOffersPage, type FetchOfferPage, type TokenPageData } from '../../services/token';
import { TokenDetails } from './TokenDetails';
import { TokenSkeleton } from './TokenSkeleton';
import '../../styles/token.css';

export type FetchTokenPageData = (id: string, signal: AbortSignal) => Promise<TokenPageData | null>;

export interface TokenViewProps {
  /** The TokenHolding id from /token/$id. */
  id: string;
  fetchPage?: FetchTokenPageData;
  fetchOffers?: FetchOfferPage;
}

/** /token/$id: loads the token by holding id; a missing one announces 'Token has been sold' and goes to explore. */
export function TokenView({ id, fetchPage = fetchTokenPage, fetchOffers = fetchTokenOffersPage }: TokenViewProps) {
  const notifications = useSystemActor('notifications');
  const navigate = useNavigate();
  // The machine is built once per fetcher; the effects read the latest router and notifier through refs.
  const effects = useRef({ notifications, navigate });
  effects.current = { notifications, navigate };
  const machine = useMemo(
    () =>
      createTokenPageMachine<TokenPageData>().provide({
        actors: { fetchTokenPage: fromPromise(({ input, signal }) => fetchPage(input.id, signal)) },
        actions: {
          announceSold: () => effects.current.notifications.send({ type: 'notify.show', kind: 'info', text: TOKEN_SOLD_NOTICE }),
          leaveToExplore: () => void effects.current.navigate({ to: '/explore', replace: true }),
        },
      }),
    [fetchPage],
  );
  const page = useActorRef(machine, { input: { id } });
  useEffect(() => {
    page.send({ type: 'token.load', id });
  }, [page, id]);
  // A sale created, cancelled or sold for this token refetches it in place (the machine picks the events).
  const live = useSystemActor('liveEvents');
  useEffect(() => subscribeLiveFeed(live, page), [live, page]);

  const data = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.page : null));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  useDocumentTitle(data?.token.name);
  // Live sale notices (on sale, price changed, unlisted) are shown for the token on screen only.
  useViewedToken(data?.token._id);

  if (data) return <TokenDetails token={data.token} siblings={data.siblings} fetchOffers={fetchOffers} />;
  if (error !== null) {
    return (
      <div className="page token-page">
        <div className="token-error" role="alert">
          <h1 className="page-title">Could not load this artwork</h1>
          <p>{error}</p>
          <button type="button" className="button button-primary" onClick={() => page.send({ type: 'token.retry' })}>
            Retry
          </button>
        </div>
      </div>
    );
  }
  return <TokenSkeleton />;
}
