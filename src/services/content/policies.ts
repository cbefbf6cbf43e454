// The policy texts (docs/requirements.md#content-pages): the policies page loads its text by the route's path; each
// text is a plain-text file the team edits under public/content/, served with the app.
import { HttpError, NetworkError, isAbortError } from '../errors';

export interface Policy {
  title: string;
  /** Shown under the title, as the seed gives it. */
  lastUpdated: string;
  /** The text file (public/content/…). */
  file: string;
}

export const POLICIES: Readonly<Record<string, Policy>> = {
  '/tos': { title: 'Terms of Service', lastUpdated: 'September 30th, 2025', file: '/content/terms-of-service.txt' },
  '/community-guidelines': { title: 'Community Guidelines', lastUpdated: 'September 2025', file: '/content/community-guidelines.txt' },
};

export function policyOf(path: string): Policy {
  const policy = POLICIES[path];
  if (!policy) throw new Error(`No policy text for ${path}`);
  return policy;
}

/** GET of the policy's text file; an HTML answer (the app shell served for a missing file) is a failure too. */
export async function fetchPolicyText(path: string, signal?: AbortSignal): Promise<string> {
  const { file, title } = policyOf(path);
  let response: Response;
  try {
    response = await fetch(file, { signal, headers: { Accept: 'text/plain' } });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('text/html')) {
    throw new HttpError(response.status, undefined, `The ${title} could not be loaded (status ${response.status}).`);
  }
  return response.text();
}

/** The text as paragraphs (split at blank lines), each paragraph as its lines (single line breaks kept). */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0);
}
