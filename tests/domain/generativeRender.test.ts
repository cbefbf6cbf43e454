import { describe, expect, it } from 'vitest';
import { parseGenerativeRender, recordedRender, sameRender, settleRender, type PixelRender } from '../../domain/generativeRender';

const PIXELS: PixelRender = { check: 'pixels', sha256: 'ab'.repeat(32), width: 480, height: 480, frame: 1 };

describe('parseGenerativeRender', () => {
  it('keeps a well-formed pixels record and a not-verified one, with their fields only', () => {
    expect(parseGenerativeRender({ ...PIXELS, extra: 'dropped' })).toEqual(PIXELS);
    expect(parseGenerativeRender({ check: 'none', reason: 'webgl' })).toEqual({ check: 'none', reason: 'webgl' });
    expect(parseGenerativeRender({ check: 'none', reason: 'varies' })).toEqual({ check: 'none', reason: 'varies' });
    expect(parseGenerativeRender({ ...PIXELS, frame: 0 })).toEqual({ ...PIXELS, frame: 0 });
  });

  it.each([
    ['no value', null],
    ['an array', [PIXELS]],
    ['an unknown check', { ...PIXELS, check: 'gpu' }],
    ['an upper-case hash', { ...PIXELS, sha256: 'AB'.repeat(32) }],
    ['a short hash', { ...PIXELS, sha256: 'ab'.repeat(31) }],
    ['a zero width', { ...PIXELS, width: 0 }],
    ['a fractional height', { ...PIXELS, height: 1.5 }],
    ['a huge side', { ...PIXELS, width: 100_000 }],
    ['a negative frame', { ...PIXELS, frame: -1 }],
    ['a frame as text', { ...PIXELS, frame: '1' }],
    ['an unknown reason', { check: 'none', reason: 'tired' }],
  ])('refuses %s', (_name, value) => {
    expect(parseGenerativeRender(value)).toBeNull();
  });
});

describe('recordedRender', () => {
  it("reads the metadata document's properties.render, null when there is none or it is malformed", () => {
    expect(recordedRender({ name: 'x', properties: { asset_url: 'ipfs://a', render: PIXELS } })).toEqual(PIXELS);
    expect(recordedRender({ properties: { asset_url: 'ipfs://a' } })).toBeNull();
    expect(recordedRender({ properties: { render: { check: 'pixels' } } })).toBeNull();
    expect(recordedRender(null)).toBeNull();
    expect(recordedRender('text')).toBeNull();
  });
});

describe('settleRender and sameRender', () => {
  it('two equal renders record the pixels; two different ones record that the piece varies', () => {
    expect(settleRender(PIXELS, { ...PIXELS })).toEqual(PIXELS);
    expect(settleRender(PIXELS, { ...PIXELS, sha256: 'cd'.repeat(32) })).toEqual({ check: 'none', reason: 'varies' });
    expect(settleRender(PIXELS, { ...PIXELS, width: 960 })).toEqual({ check: 'none', reason: 'varies' });
  });

  it('a WebGL render records that it is not verified, whichever draw says so', () => {
    expect(settleRender({ check: 'none', reason: 'webgl' }, PIXELS)).toEqual({ check: 'none', reason: 'webgl' });
    expect(settleRender(PIXELS, { check: 'none', reason: 'webgl' })).toEqual({ check: 'none', reason: 'webgl' });
  });

  it('a device matches only with the same hash, size and frame', () => {
    expect(sameRender(PIXELS, { ...PIXELS })).toBe(true);
    expect(sameRender(PIXELS, { ...PIXELS, sha256: 'cd'.repeat(32) })).toBe(false);
    expect(sameRender(PIXELS, { ...PIXELS, height: 240 })).toBe(false);
    expect(sameRender(PIXELS, { ...PIXELS, frame: 2 })).toBe(false);
    expect(sameRender(PIXELS, { check: 'none', reason: 'webgl' })).toBe(false);
  });
});
