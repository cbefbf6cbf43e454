import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The marketplace gaps review (item 7), the sound media type (docs/requirements.md#media "Media types: image, gif, multipart/image, multipart/mixed,
// video, sound"): explore filters by it, cards show the collection's cover with a sound marker, and the token page
// plays the sound under that cover. The demo seeds the sound collection 'Tone Poems' (scripts/seed/content.ts);
// this spec reads only that collection, which no other spec writes to, and needs no wallet.
const COLLECTION = 'Tone Poems';
const TOKEN = 'Bell Garden';

interface SoundCollection {
  name: string;
  cover: string;
  mediaType: string;
}

async function soundCollection(request: APIRequestContext): Promise<SoundCollection> {
  const response = await request.post('/graphql', {
    data: {
      query: `query sound {
        getMarketplaceCollections(filters: { mediaTypes: ["sound"] }, sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 20 }) {
          edges { node { name cover mediaType } }
        }
      }`,
    },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { getMarketplaceCollections: { edges: Array<{ node: SoundCollection }> } } };
  const found = body.data.getMarketplaceCollections.edges.map((edge) => edge.node).find((node) => node.name === COLLECTION);
  if (!found) throw new Error(`the demo has no sound collection named ${COLLECTION}`);
  return found;
}

/** The requests for the sound viewer's own chunk (Vite names it after its module). */
function soundChunkRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/SoundViewer-[^/]*\.js$/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

const cidOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop()!;

test('explore filtered to Sound shows the demo sound collection; its token page plays the sound under the cover', async ({ page, request }) => {
  const collection = await soundCollection(request);
  expect(collection.mediaType).toBe('sound');
  const soundChunk = soundChunkRequests(page);

  // A generative token page never needs the sound viewer: its chunk is not fetched there.
  await page.goto('/explore?media=%5B%22multipart%2Fmixed%22%5D');
  const grid = page.getByRole('list', { name: 'Artworks' });
  await expect(grid.getByRole('article').first()).toBeVisible();
  await expect(grid.locator('.media[data-media-type="sound"]')).toHaveCount(0);
  expect(soundChunk).toEqual([]);

  // The filter panel's sixth media type: checking it puts it in the URL and reloads the list.
  await page.getByRole('checkbox', { name: 'Generative Art' }).uncheck();
  await page.getByRole('checkbox', { name: 'Sound' }).check();
  await expect(page).toHaveURL(/media=.*sound/);
  await expect(page.getByRole('checkbox', { name: 'Sound' })).toBeChecked();
  const card = grid.getByRole('article', { name: TOKEN });
  await expect(card).toBeVisible();
  // Only sound tokens are listed.
  await expect(grid.locator('.media:not([data-media-type="sound"])')).toHaveCount(0);
  // The card: the collection's cover as the picture, with the sound marker; nothing plays on a card.
  const cardPicture = card.getByRole('img', { name: TOKEN });
  await expect(cardPicture).toBeVisible();
  expect(cidOf((await cardPicture.getAttribute('src'))!)).toBe(cidOf(collection.cover));
  await expect(card.getByRole('img', { name: 'Sound' })).toBeVisible();
  await expect(card.locator('audio')).toHaveCount(0);
  expect(soundChunk.length).toBeGreaterThan(0);

  // The token page: the cover, the token's name over it, and the browser's audio controls, labelled.
  await card.getByRole('link', { name: TOKEN }).click();
  await expect(page).toHaveURL(/\/token\//);
  const media = page.locator('.token-media-frame');
  const cover = media.getByRole('img', { name: TOKEN });
  await expect(cover).toBeVisible();
  expect(cidOf((await cover.getAttribute('src'))!)).toBe(cidOf(collection.cover));
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(media.getByRole('img', { name: 'Sound' })).toBeVisible();
  const audio = media.locator('audio');
  await expect(audio).toHaveAttribute('aria-label', `Listen to ${TOKEN}`);
  await expect(audio).toHaveAttribute('controls', '');
  await expect(audio).toBeVisible();
  // Its source loads: the metadata arrives (HAVE_METADATA or more) and says a few seconds of sound.
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const loaded = await audio.evaluate((element: HTMLAudioElement) => ({ duration: element.duration, error: element.error?.code ?? null, src: element.currentSrc }));
  expect(loaded.error).toBeNull();
  expect(loaded.duration).toBeGreaterThanOrEqual(2);
  expect(loaded.duration).toBeLessThanOrEqual(10);
  const served = await request.get(loaded.src);
  expect(served.headers()['content-type']).toBe('audio/wav');
  // The facts name the media type the way the filter does.
  const facts = page.getByRole('region', { name: 'Details' });
  await expect(facts.getByRole('definition').filter({ hasText: /^Sound$/ })).toBeVisible();

  // Fullscreen: the cover and the audio controls; the dialog's focus loop takes them in (Shift+Tab from the close
  // button reaches them, Tab from them wraps back), and Esc closes it.
  await page.getByRole('button', { name: `View ${TOKEN} fullscreen` }).click();
  const dialog = page.getByRole('dialog', { name: `${TOKEN} (fullscreen)` });
  const close = dialog.getByRole('button', { name: 'Close fullscreen' });
  await expect(close).toBeFocused();
  const fullAudio = dialog.locator('audio');
  await expect(fullAudio).toHaveAttribute('aria-label', `Listen to ${TOKEN}`);
  await page.keyboard.press('Shift+Tab');
  await expect(fullAudio).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
