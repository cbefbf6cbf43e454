// The artist profile tab's reads and save (the artists' pages): the own artist record (getArtistInfo), the tokens the artist
// created as featured-artwork choices (getArtistTokens), and the multipart save — POST /api/v1/artist creates the
// record, PUT /api/v1/artist/{address} updates it (field names: server/artists/form.ts), signed like every write.
import type { ArtistRecord, ArtworkChoice } from '../../../machines/profile/artistProfileForm';
import type { ArtistProfileData } from '../../../machines/profile/artistProfilePageMachine';
import type { SaveArtistProfileRequest } from '../../../machines/profile/artistProfileMachine';
import { graphql, type ResultOf } from '../../graphql/graphql';
import { authFetch, type ApiKeyCredentials } from '../authFetch';
import { checkedAnswer, loadAnswerCheck, type Answer } from '../contracts';
import { NetworkError, isAbortError, refusalError } from '../errors';
import { graphqlRequest } from '../graphql';

export const getOwnArtistInfoOperation = graphql(`
  query getArtistInfo($artist_id: String!) {
    getArtistInfo(artist_id: $artist_id) {
      id
      account { firstName lastName web twitter instagram }
      cover description comments featuredArtworkDescription
      featuredArtwork { _id }
      highlights { date achievement }
      portfolio { context items { mediaUrl thumbnailUrl description } }
    }
  }
`);

export const getOwnArtistTokensOperation = graphql(`
  query getArtistTokens($artist_id: String!, $pagination: PaginationInput) {
    getArtistTokens(artist_id: $artist_id, pagination: $pagination) {
      pageInfo { hasNextPage endCursor }
      edges { node { _id name } }
    }
  }
`);

type ArtistInfo = NonNullable<ResultOf<typeof getOwnArtistInfoOperation>['getArtistInfo']>;

/** The server's largest page; an artist with more tokens than a few pages is read page by page. */
const CHOICES_PER_PAGE = 100;
const CHOICES_MAX_PAGES = 10;

export function artistRecordOf(artist: ArtistInfo): ArtistRecord {
  return {
    firstName: artist.account.firstName ?? '',
    lastName: artist.account.lastName ?? '',
    description: artist.description ?? '',
    web: artist.account.web ?? '',
    twitter: artist.account.twitter ?? '',
    instagram: artist.account.instagram ?? '',
    cover: artist.cover ?? null,
    about: artist.comments ?? '',
    featuredArtwork: artist.featuredArtwork?._id ?? '',
    featuredArtworkDescription: artist.featuredArtworkDescription ?? '',
    highlights: artist.highlights.map(({ date, achievement }) => ({ date, achievement })),
    portfolio: {
      context: artist.portfolio.context,
      items: artist.portfolio.items.map(({ mediaUrl, thumbnailUrl, description }) => ({ mediaUrl, thumbnailUrl, description })),
    },
  };
}

async function artworkChoices(address: string, signal?: AbortSignal): Promise<ArtworkChoice[]> {
  const choices: ArtworkChoice[] = [];
  let after: string | null = null;
  for (let page = 0; page < CHOICES_MAX_PAGES; page += 1) {
    const data: ResultOf<typeof getOwnArtistTokensOperation> = await graphqlRequest(
      getOwnArtistTokensOperation,
      { artist_id: address, pagination: { perPage: CHOICES_PER_PAGE, after } },
      { signal },
    );
    const { edges, pageInfo } = data.getArtistTokens;
    choices.push(...edges.map(({ node }) => ({ id: node._id, name: node.name })));
    if (!pageInfo.hasNextPage || !pageInfo.endCursor) break;
    after = pageInfo.endCursor;
  }
  return choices;
}

/** The own artist record (null: none yet) and the featured-artwork choices, fresh from the server. */
export async function loadArtistProfile(address: string, signal?: AbortSignal): Promise<ArtistProfileData> {
  const artistId = address.toLowerCase();
  const [info, artworks] = await Promise.all([
    graphqlRequest(getOwnArtistInfoOperation, { artist_id: artistId }, { signal }),
    artworkChoices(artistId, signal),
  ]);
  return { record: info.getArtistInfo ? artistRecordOf(info.getArtistInfo) : null, artworks };
}

/** The record the profile form shows again, from a save's answer (read with its contract, artistSaved). */
function savedRecord(node: Answer<'artistSaved'>): ArtistRecord {
  return artistRecordOf({
    id: '',
    account: node.account,
    cover: node.cover,
    description: node.description,
    comments: node.comments,
    featuredArtworkDescription: node.featuredArtworkDescription,
    featuredArtwork: node.featuredTokenId === null ? null : { _id: String(node.featuredTokenId) },
    highlights: node.highlights,
    portfolio: node.portfolio,
  });
}

/** The multipart body server/artists/form.ts reads: texts, highlights and portfolio as JSON, then the images. */
export function artistProfileFormData({ values }: Pick<SaveArtistProfileRequest, 'values'>): FormData {
  const form = new FormData();
  for (const name of ['firstName', 'lastName', 'description', 'web', 'twitter', 'instagram', 'featuredArtwork', 'about', 'featuredArtworkDescription'] as const) {
    form.set(name, values[name].trim());
  }
  form.set('highlights', JSON.stringify(values.highlights.map(({ date, achievement }) => ({ date: date.trim(), achievement: achievement.trim() }))));
  const files: { file: Blob; name: string }[] = [];
  const items = values.portfolio.map((item) => {
    if (item.image.kind === 'kept') return { description: item.description.trim(), mediaUrl: item.image.mediaUrl };
    files.push({ file: item.image.file, name: item.image.name });
    return { description: item.description.trim(), file: files.length - 1 };
  });
  form.set('portfolio', JSON.stringify({ context: values.portfolioContext.trim(), items }));
  for (const { file, name } of files) form.append('portfolioImages', file, name);
  if (values.cover) form.set('cover', values.cover, values.cover.type === 'image/jpeg' ? 'cover.jpg' : 'cover.png');
  return form;
}

/** POST /api/v1/artist (no record yet) or PUT /api/v1/artist/{address}; the saved record, or the server's message. */
export async function saveArtistProfile(credentials: ApiKeyCredentials, request: SaveArtistProfileRequest, signal?: AbortSignal): Promise<ArtistRecord> {
  const path = request.exists ? `/artist/${request.address.toLowerCase()}` : '/artist';
  // The answer's contract loads while the request is out.
  void loadAnswerCheck().catch(() => {});
  let response: Response;
  try {
    response = await authFetch(path, { method: request.exists ? 'PUT' : 'POST', body: artistProfileFormData(request), signal }, credentials);
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new NetworkError(error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw refusalError(response.status, body);
  }
  return savedRecord(await checkedAnswer('artistSaved', body, path));
}
