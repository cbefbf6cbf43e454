// See docs/requirements.md#studio-list "On load the studio list is refreshed": the studio reads the creator's canvases when it opens (the
// studio list page shows them fresh from the same read; a failure changes nothing in the studio).
import type { ApiKeyCredentials } from '../authFetch';
import { fetchStudioList } from './listCanvases';

export async function refreshStudioList(credentials: ApiKeyCredentials, signal?: AbortSignal): Promise<void> {
  await fetchStudioList(credentials, signal);
}
