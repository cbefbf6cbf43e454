// The studio machine's model-based suites together (the media-type files and the existing-canvas file): an assertion
// for every state node, and every event type of the machine exercised by some path, each with an executor.
import { describe, expect, it } from 'vitest';
import { studioMachine } from '../../../machines/studio/studioMachine';
import { machineEventTypes, pathEventTypes, stateKeys } from '../support/modelTesting';
import { studioHarness } from './studioHarness';
import { MEDIA_TYPES, studioModel, studioPaths } from './studioModel';

const allPaths = [...MEDIA_TYPES.map((mediaType) => studioModel({ mediaType })), studioModel({ mediaType: 'multipart/mixed', containerId: 'c1' })].flatMap((model) => studioPaths(model));

describe('studioMachine model coverage', () => {
  it('has an assertion for every state node', () => {
    const keys = Object.keys(studioHarness().params.states ?? {}).filter((key) => key !== '*');
    expect(keys.sort()).toEqual(stateKeys(studioMachine).sort());
  });

  it('exercises every event type of the machine, each with an executor', () => {
    const exercised = pathEventTypes(allPaths);
    expect(exercised).toEqual(machineEventTypes(studioMachine));
    const executors = Object.keys(studioHarness().params.events ?? {});
    expect(exercised.filter((type) => !executors.includes(type))).toEqual([]);
  });

  it('rests in every state but the transient ones', () => {
    const rested = new Set(allPaths.flatMap((path) => path.steps.flatMap(({ state }) => stateKeys(studioMachine).filter((key) => state.matches(key as never)))));
    expect(stateKeys(studioMachine).filter((key) => !rested.has(key)).sort()).toEqual(
      ['entering', 'loading.deciding', 'details.checking', 'update.checking', 'thumbnail.saving.deciding', 'publish.flow.deciding'].sort(),
    );
  });
});
