// The describe blocks each studioMachine.<media>.model.test.ts runs: every path of the media type's model replayed on
// the real machine, and the main line checked against the sequence (and the thumbnail choice where it has one).
import { describe, expect, it } from 'vitest';
import type { StudioMediaType } from '../../../domain/studio';
import { studioMachine } from '../../../machines/studio/studioMachine';
import { recordPathCoverage, writeCoverageAfterAll } from '../support/modelCoverage';
import { describePath } from '../support/modelTesting';
import { studioHarness } from './studioHarness';
import { ctx, studioModel, studioPaths, type Snap } from './studioModel';

type Path = ReturnType<typeof studioPaths>[number];

/** The steps a path goes through, in order (each step once per visit). */
export function stepsOf(path: Path): string[] {
  const steps: string[] = [];
  for (const { state } of path.steps) {
    const step = ctx(state as Snap).step;
    if (step && steps.at(-1) !== step) steps.push(step);
  }
  return steps;
}

const reachesPublished = (path: Path) => path.state.matches({ publish: { flow: 'published' } });

export function runPaths(title: string, paths: Path[], input: object = {}) {
  describe(title, () => {
    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
      const h = studioHarness(input);
      try {
        await path.test(h.params);
        h.expectNoWarnings();
        recordPathCoverage(studioMachine, path);
      } finally {
        h.stop();
      }
    });
    writeCoverageAfterAll();
  });
}

export function mediaPathSuite(mediaType: StudioMediaType, sequence: string[], thumbnailChoice: boolean) {
  const paths = studioPaths(studioModel({ mediaType }));
  runPaths(`studioMachine: ${mediaType} path (model-based)`, paths);

  describe(`studioMachine: ${mediaType} main line`, () => {
    it('goes through the issue sequence to publication', () => {
      const main = paths.filter(reachesPublished).map(stepsOf);
      expect(main).toContainEqual(sequence);
    });
    if (thumbnailChoice) {
      it('publishes with the default thumbnail and with a custom one', () => {
        const thumbnailModes = paths
          .filter((path) => reachesPublished(path) && stepsOf(path).join() === sequence.join())
          .map((path) => (path.steps.some(({ event }) => event.type === 'thumbnail.image') ? 'custom' : 'default'));
        expect(new Set(thumbnailModes)).toEqual(new Set(['default', 'custom']));
      });
    }
  });
}
