// The artist page (/artist/{artistId}, the artists' pages; docs/requirements.md#artists getArtistInfo(artist_id)): the
// artist record by wallet address, and the body of the first article read from its mediaUrl, sanitized here.
import { graphql, PersonFields, TokenCardFields, type ResultOf } from '../../graphql/graphql';
import { ARTIST_PAGE_OPERATION } from '../../../domain/firstReads/artist';
import { graphqlRequest } from '../graphql';
import { HttpError, NetworkError, isAbortError } from '../errors';
import { sanitizeHtml, type SanitizedHtml } from '../sanitizeHtml';

export const getArtistInfoOperation = graphql(ARTIST_PAGE_OPERATION, [TokenCardFields, PersonFields]);

/** The artist page's artist (getArtistInfo). */
export type ArtistInfo = NonNullable<ResultOf<typeof getArtistInfoOperation>['getArtistInfo']>;
export type ArtistArticle = ArtistInfo['articles'][number];

/** getArtistInfo by wallet address (sent lower case): null when the account has no artist record. */
export async function fetchArtistInfo(id: string, signal?: AbortSignal): Promise<ArtistInfo | null> {
  const data = await graphqlRequest(getArtistInfoOperation, { artist_id: id.toLowerCase() }, { signal });
  return data.getArtistInfo ?? null;
}

/** Reads an HTML body from the media store (GET of its mediaUrl) and sanitizes it. */
export async function fetchArticleHtml(input: { mediaUrl: string; title: string }, signal?: AbortSignal): Promise<SanitizedHtml> {
  let response: Response;
  try {
    response = await fetch(input.mediaUrl, { signal, headers: { Accept: 'text/html' } });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw new HttpError(response.status, undefined, `The article could not be read (status ${response.status}).`);
  return sanitizeHtml(await response.text(), { dropHeading: input.title });
}
