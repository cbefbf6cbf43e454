import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ReadFailure } from '../../components/feedback/ReadFailure';
import { tokenPageFlow } from '../../services/flows/token';
import { TokenDetails } from './TokenDetails';
import { TokenSkeleton } from './TokenSkeleton';
import '../../styles/token.css';

export interface TokenViewProps {
  /** The TokenHolding id from /token/$id. */
  id: string;
}

/** /token/$id: another holding id is another page, so the flow starts afresh for it. */
export function TokenView({ id }: TokenViewProps) {
  return <TokenPage key={id} id={id} />;
}

/** Loads the token by holding id; a missing one announces 'Token has been sold' and goes to explore (the flow). */
function TokenPage({ id }: TokenViewProps) {
  const page = useFlow(tokenPageFlow, { input: { id } });
  const data = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.page : null));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  useDocumentTitle(data?.token.name);

  if (data) return <TokenDetails page={page} token={data.token} siblings={data.siblings} />;
  if (error !== null) {
    return (
      <div className="page token-page">
        <ReadFailure className="token-error" level={1} heading="Could not load this artwork" error={error} onRetry={() => page.send({ type: 'token.retry' })} />
      </div>
    );
  }
  return <TokenSkeleton />;
}
