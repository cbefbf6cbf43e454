import { expect, type Page } from '@playwright/test';
import type { ApiKeyCredentials } from '../../../src/services/authFetch';
import { XSS_CORPUS, type XssPayload } from './xssCorpus';
import { bodyOf, signed } from './xssWrites';

// The studio's stored text fields for the XSS spec of the studio (xssStudio.spec.ts): which corpus payloads fit the
// studio's limits, the description rule, and the canvases written through the REST API with signed requests.

/** See docs/requirements.md#studio-upload: name and token name up to 50 characters, symbol up to 10. */
export const NAME_MAX = 50;
export const SYMBOL_MAX = 10;

/**
 * The description rule, written out here (not imported): letters (accented Latin too), digits, white space and
 * . " ' ( ) : _ , = + - only, up to 2000 characters.
 */
const DESCRIPTION_RULE = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\s."'():_,=+-]*$/;
export const describable = (text: string) => text.trim() !== '' && text.length <= 2000 && DESCRIPTION_RULE.test(text);
export const DESCRIPTION_REFUSED = 'description: Invalid input. Please use only alphanumeric characters and basic punctuation.';

/** Every corpus payload short enough for a name. */
export const NAMEABLE: readonly XssPayload[] = XSS_CORPUS.filter((payload) => payload.text.length <= NAME_MAX);

/** A symbol from a payload: its first 10 characters, without trailing white space (the server trims). */
export const symbolOf = (text: string) => text.slice(0, SYMBOL_MAX).trimEnd();

/** Breakout payloads made of allowed characters: what a description can carry. */
export const ALLOWED_BREAKOUT = XSS_CORPUS.find((payload) => payload.label === 'attribute injection without brackets (double quotes)')!.text;

export interface ApiCanvas {
  id: string;
  payload: XssPayload;
  name: string;
  symbol: string;
  description: string;
  shareToken: string;
}

interface CanvasBody {
  id: string;
  name: string;
  symbol: string;
  description: string;
  shareToken: string;
  [key: string]: unknown;
}

export function postCanvas(baseURL: string, key: ApiKeyCredentials, fields: Record<string, unknown>): Promise<Response> {
  return signed(baseURL, key, '/canvas/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) });
}

/** Creates a canvas whose name, symbol and description are the payload (the description when the rule allows it). */
export async function createPayloadCanvas(baseURL: string, key: ApiKeyCredentials, payload: XssPayload): Promise<ApiCanvas> {
  const fields = {
    name: payload.text,
    symbol: symbolOf(payload.text),
    description: describable(payload.text) ? payload.text : ALLOWED_BREAKOUT,
    royaltiesBasispoints: 500,
    supplyPerToken: 1,
    mediaType: 'image',
  };
  const response = await postCanvas(baseURL, key, fields);
  const body = (await bodyOf(response)) as unknown as CanvasBody;
  expect(response.status, `canvas #${payload.id} ${payload.label}: ${JSON.stringify(body)}`).toBe(201);
  // Stored as sent, character for character.
  expect({ name: body.name, symbol: body.symbol, description: body.description }).toEqual({ name: fields.name, symbol: fields.symbol, description: fields.description });
  return { id: body.id, payload, name: body.name, symbol: body.symbol, description: body.description, shareToken: body.shareToken };
}

/** The studio list's table rows as [name, symbol] (columns: check mark, name, type, symbol, …). */
export function tableRows(page: Page): Promise<Array<[string, string]>> {
  return page
    .getByRole('grid', { name: 'My collections' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('.studio-list-name')?.textContent ?? '', (row as HTMLTableRowElement).cells[3]?.textContent ?? ''] as [string, string]),
    );
}
