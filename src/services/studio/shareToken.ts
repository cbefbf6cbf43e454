// The canvas share token's shape (`?share=` of /preview/canvas/{id} and /canvas/{id}). A module of its own with no
// imports: the routes' search validation runs in the entry, so it must not pull the canvas services in with it.
const SHARE_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

export function validShareToken(value: unknown): string | undefined {
  return typeof value === 'string' && SHARE_TOKEN.test(value) ? value : undefined;
}
