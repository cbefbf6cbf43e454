import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { GenerativeRender } from '../../domain/generativeRender';
import { FlowOverridesProvider } from '../../src/app/flows';
import GenerativeFacts from '../../src/components/media/GenerativeFacts';
import type { MediaToken } from '../../src/components/media/MediaThumbnail';
import { renderCheckFlow } from '../../src/services/flows/renderCheck';
import { generativeToken } from './mediaFixtures';
import { renderInApp } from './systemHarness';

// A generative token's facts on its page: the seed, and the render check's outcome in words (verified generative art).
// The device's render is scripted here; the real sandbox's is checked end to end (tests/e2e/renderCheck.spec.ts,
// studioGenerative.spec.ts).

const RECORDED: GenerativeRender = { check: 'pixels', sha256: 'ab'.repeat(32), width: 480, height: 480, frame: 1 };

function withRender(render: GenerativeRender | null, properties: Record<string, unknown> = {}) {
  return { ...generativeToken('4', 31691), metadata: { name: 'Constellation #4', properties: { ...properties, ...(render ? { render } : {}) } } };
}

/** The facts inside a list, as the page shows them, with this device's renders scripted in order. */
function renderFacts(token: MediaToken & { metadata: unknown }, drawn: Array<GenerativeRender | Error>) {
  const calls: unknown[] = [];
  const flow = renderCheckFlow.provide({
    actors: {
      pageSettled: fromPromise<void, void>(async () => {}),
      drawRender: fromPromise(async ({ input }) => {
        calls.push(input);
        const next = drawn.shift();
        if (!next || next instanceof Error) throw next ?? new Error('no render scripted');
        return next;
      }),
    },
  });
  renderInApp(
    <FlowOverridesProvider overrides={{ renderCheck: flow }}>
      <dl aria-label="About this artwork">
        <GenerativeFacts token={token} />
      </dl>
    </FlowOverridesProvider>,
  );
  return calls;
}

const renderRow = () => screen.getByText('Render').nextElementSibling as HTMLElement;
const seedRow = () => screen.getByText('Seed').nextElementSibling as HTMLElement;

describe('a generative token page: seed and render check', () => {
  it('shows the seed, and "Verified render" when this device draws the recorded frame', async () => {
    const calls = renderFacts(withRender(RECORDED), [{ ...RECORDED }]);
    expect(seedRow()).toHaveTextContent('31691');
    expect(await screen.findByText('Verified render')).toBeInTheDocument();
    expect(within(renderRow()).getByRole('status')).toHaveTextContent('Verified render');
    expect(renderRow()).toHaveAttribute('data-render-check', 'verified');
    // The device's render is drawn from the token the page shows.
    expect(calls).toEqual([{ token: expect.objectContaining({ _id: '4', mediaType: 'multipart/mixed' }) }]);
  });

  it('says "This device renders this piece differently" when the pixels or the size differ', async () => {
    renderFacts(withRender(RECORDED), [{ ...RECORDED, sha256: 'cd'.repeat(32) }]);
    expect(await screen.findByText('This device renders this piece differently')).toBeInTheDocument();
    expect(screen.queryByText('Verified render')).toBeNull();
  });

  it('a render that cannot be drawn says so and can be checked again', async () => {
    renderFacts(withRender(RECORDED), [new Error('The artwork did not draw in time to check its render.'), { ...RECORDED }]);
    expect(await screen.findByText('The render could not be checked on this device.')).toBeInTheDocument();
    await act(async () => within(renderRow()).getByRole('button', { name: 'Check again' }).click());
    expect(await screen.findByText('Verified render')).toBeInTheDocument();
  });

  it('WebGL sketches and pieces that vary are not verified, and nothing is drawn for them', async () => {
    const webgl = renderFacts(withRender({ check: 'none', reason: 'webgl' }), []);
    expect(renderRow()).toHaveTextContent('WebGL sketches are not verified: graphics cards draw them differently.');
    expect(webgl).toEqual([]);
  });

  it('a piece that drew two different frames when published is not verified', () => {
    const varies = renderFacts(withRender({ check: 'none', reason: 'varies' }), []);
    expect(renderRow()).toHaveTextContent('Not verified: this piece draws differently each time.');
    expect(varies).toEqual([]);
  });

  it('a piece published before renders were recorded says so, with its seed', () => {
    const calls = renderFacts(withRender(null, { asset_url: 'ipfs://x' }), []);
    expect(seedRow()).toHaveTextContent('31691');
    expect(renderRow()).toHaveTextContent('No render was recorded when this piece was published.');
    expect(calls).toEqual([]);
  });
});
