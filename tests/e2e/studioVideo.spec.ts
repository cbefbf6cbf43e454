import { expect, test, type Request, type Response } from '@playwright/test';
import { canvasIdOf, currentStep, openStudioAsCreator, submitDetails, uniqueName } from './support/studio';
import { recordVideo } from './support/studioFixtures';
import { readStack, type Stack } from './support/trading';

// The creator studio "Tests": a 12 MB video made by the test (MediaRecorder in Chromium) uploads through tus in 5,000,000-byte
// chunks with visible progress; the test aborts the second PATCH and reloads, and the upload resumes from the
// server's offset, the server having received each byte once. Account #33 is this spec's creator.
const CREATOR = 33;
const CHUNK = 5_000_000;
const VIDEO_BYTES = 12_000_000;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

const isUpload = (url: string | URL) => /\/api\/v1\/canvas\/[^/]+\/upload\//.test(new URL(url).pathname);
const offsetOf = (headers: Record<string, string>) => Number(headers['upload-offset']);

interface PatchSeen {
  /** Upload-Offset the PATCH started from. */
  from: number;
  /** Upload-Offset the server answered: where its bytes ended. */
  to: number;
}

test('a 12 MB video uploads in 5 MB chunks with progress, and after an aborted chunk and a reload resumes from the server offset', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const { page, context } = await openStudioAsCreator(browser, baseURL!, request, stack, CREATOR);
  const video = { name: 'noise-study.webm', mimeType: 'video/webm', buffer: await recordVideo(page, { minBytes: VIDEO_BYTES }) };
  const size = video.buffer.length;
  expect(size).toBeGreaterThan(2 * CHUNK);

  await submitDetails(page, { name: uniqueName('Noise Study'), symbol: 'NOISE', description: 'Twelve megabytes of recorded noise.', mediaType: 'Video' });
  await expect(currentStep(page)).toHaveText('Upload video');
  const canvasId = await canvasIdOf(page);

  // Every PATCH the browser sends and what the server answered; the second PATCH is cut off before it leaves.
  let patches = 0;
  let abortedFrom: number | null = null;
  const accepted: PatchSeen[] = [];
  const heads: number[] = [];
  const posts: string[] = [];
  await page.route(isUpload, async (route) => {
    const sent = route.request();
    if (sent.method() === 'PATCH' && ++patches === 2) {
      abortedFrom = offsetOf(sent.headers());
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  const onResponse = async (response: Response) => {
    const sent: Request = response.request();
    if (!isUpload(response.url()) || !response.ok()) return;
    if (sent.method() === 'POST') posts.push(response.headers()['location'] ?? '');
    if (sent.method() === 'HEAD') heads.push(offsetOf(response.headers()));
    if (sent.method() === 'PATCH') accepted.push({ from: offsetOf(await sent.allHeaders()), to: offsetOf(response.headers()) });
  };
  page.on('response', onResponse);

  await page.getByLabel('Choose a video').setInputFiles(video);
  const files = page.getByRole('list', { name: 'Files to upload' });
  const progress = files.getByRole('progressbar', { name: `${video.name} upload progress` });
  await page.getByRole('button', { name: 'Upload' }).click();

  // The first chunk arrives: the bar shows its bytes and percent; the second is cut, and the upload fails.
  const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
  await expect(progress).toHaveAttribute('aria-valuetext', `4.8 MB of ${mb(size)} (${Math.floor((CHUNK / size) * 100)}%)`);
  // The step's own message (an error notice may show the failure too: notices show at once, one at a time).
  await expect(page.getByRole('region', { name: 'Files' }).getByRole('alert')).toHaveText('File Upload Failed. Please try again!');
  expect(abortedFrom).toBe(CHUNK);
  expect(accepted).toEqual([{ from: 0, to: CHUNK }]);
  expect(posts).toHaveLength(1);

  // A reload: the studio reopens on the upload step with the file and continues from the server's offset.
  await page.reload();
  await expect(currentStep(page)).toHaveText('Upload video');
  await expect(files.getByText(video.name)).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(currentStep(page)).toHaveText('Thumbnail', { timeout: 60_000 });

  // The resumed upload asked the server where it stood (HEAD: 5,000,000) and sent only the rest; no new upload.
  expect(heads).toContain(CHUNK);
  expect(posts).toHaveLength(1);
  // The last PATCH's answer is recorded by the response handler after an await (its request headers): the step can
  // show Thumbnail first (CI, beside the second stack).
  await expect.poll(() => accepted.map((patch) => patch.from), { message: 'every PATCH answered' }).toEqual([0, CHUNK, 2 * CHUNK]);
  for (let i = 1; i < accepted.length; i++) expect(accepted[i]!.from, 'each PATCH starts where the last one ended').toBe(accepted[i - 1]!.to);
  expect(accepted.reduce((sum, patch) => sum + (patch.to - patch.from), 0), 'every byte received once').toBe(size);

  expect(posts[0], 'the one upload this canvas got').toContain(`/api/v1/canvas/${canvasId}/upload/`);
  page.off('response', onResponse);
  await context.close();
});
