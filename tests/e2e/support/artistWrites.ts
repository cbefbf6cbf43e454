import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { ApiKeyCredentials } from '../../../src/services/authFetch';
import { bodyOf, signed } from './xssWrites';

// Artist profiles written from Node for the artist page specs (artistPage.spec.ts, xssArtist.spec.ts): the
// multipart form of POST /api/v1/artist and PUT /api/v1/artist/{address} (server/artists/form.ts), signed with
// the account's API key.

export interface ArtistProfileFields {
  firstName: string;
  lastName?: string;
  description?: string;
  web?: string;
  twitter?: string;
  instagram?: string;
  /** A token _id the artist created, or '' for none. */
  featuredArtwork?: string;
  about?: string;
  featuredArtworkDescription?: string;
  highlights?: Array<{ date: string; achievement: string }>;
  /** The portfolio's context and one caption per new image. */
  portfolio?: { context: string; captions: string[] };
  /** Upload a cover image (939×480). */
  cover?: boolean;
}

/** A small PNG of one colour. */
export const png = (width: number, height: number, seed: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 29) % 256 } } }).png().toBuffer();

export async function artistForm(fields: ArtistProfileFields): Promise<FormData> {
  const form = new FormData();
  for (const name of ['firstName', 'lastName', 'description', 'web', 'twitter', 'instagram', 'featuredArtwork', 'about', 'featuredArtworkDescription'] as const) {
    const value = fields[name];
    if (value !== undefined) form.set(name, value);
  }
  if (fields.highlights) form.set('highlights', JSON.stringify(fields.highlights));
  if (fields.portfolio) {
    form.set('portfolio', JSON.stringify({ context: fields.portfolio.context, items: fields.portfolio.captions.map((description, file) => ({ description, file })) }));
    for (const [index] of fields.portfolio.captions.entries()) {
      form.append('portfolioImages', new Blob([new Uint8Array(await png(400, 300, index + 1))], { type: 'image/png' }), `portfolio-${index}.png`);
    }
  }
  if (fields.cover) form.set('cover', new Blob([new Uint8Array(await png(939, 480, 42))], { type: 'image/png' }), 'cover.png');
  return form;
}

/** POST /api/v1/artist, or PUT when the account has a profile already (a stack reused by a developer). */
export async function sendArtistProfile(baseURL: string, key: ApiKeyCredentials, fields: ArtistProfileFields): Promise<Response> {
  const created = await signed(baseURL, key, '/artist', { method: 'POST', body: await artistForm(fields) });
  if (created.status !== 409) return created;
  return signed(baseURL, key, `/artist/${key.address.toLowerCase()}`, { method: 'PUT', body: await artistForm(fields) });
}

/** Saves the profile and expects the server to store it (201 created or 200 updated). */
export async function saveArtistProfile(baseURL: string, key: ApiKeyCredentials, fields: ArtistProfileFields): Promise<Record<string, unknown>> {
  const response = await sendArtistProfile(baseURL, key, fields);
  const body = await bodyOf(response);
  expect([200, 201], `artist profile saved: ${JSON.stringify(body).slice(0, 300)}`).toContain(response.status);
  return body;
}
