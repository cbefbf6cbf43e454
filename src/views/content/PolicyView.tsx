import { useSelector } from '@xstate/react';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { ReadFailure } from '../../components/feedback/ReadFailure';
import { paragraphsOf, policyOf } from '../../services/content/policies';
import { policyPageFlow } from '../../services/flows/content';
import './content.css';

/** /tos and /community-guidelines: one page; another path is another text, so the flow starts afresh for it. */
export function PolicyView({ path }: { path: string }) {
  return <PolicyPage key={path} path={path} />;
}

/** The policy's title and last-updated date at once; its text when the file has loaded (line breaks kept). */
function PolicyPage({ path }: { path: string }) {
  const policy = policyOf(path);
  useDocumentTitle(policy.title);
  const page = useFlow(policyPageFlow, { input: { path } });
  const text = useSelector(page, (snapshot) => (snapshot.matches('ready') ? snapshot.context.text : null));
  const error = useSelector(page, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));

  return (
    <article className="page content-page policy-page" aria-labelledby="policy-title" aria-busy={text === null && error === null}>
      <header className="page-header">
        <h1 id="policy-title" className="page-title">
          {policy.title}
        </h1>
        <p className="page-subheading">Last updated: {policy.lastUpdated}</p>
      </header>
      {error !== null ? (
        <ReadFailure className="content-failure" heading={`Could not load the ${policy.title}`} error={error} onRetry={() => page.send({ type: 'policy.retry' })} />
      ) : text === null ? (
        <p role="status" className="content-loading">
          Loading the {policy.title}…
        </p>
      ) : (
        <div className="content-prose policy-text">
          {paragraphsOf(text).map((lines, index) => (
            <p key={index}>
              {lines.map((line, lineIndex) => (
                <span key={lineIndex}>
                  {lineIndex > 0 && <br />}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </div>
      )}
    </article>
  );
}
