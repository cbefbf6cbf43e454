import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../domain/byteRange';

// The one Range parser of the server's /ipfs/ route and the worker's saved media.
describe('parseByteRange', () => {
  it('no header asks for the whole file', () => {
    expect(parseByteRange(null, 100)).toBeNull();
    expect(parseByteRange(undefined, 100)).toBeNull();
    expect(parseByteRange('', 100)).toBeNull();
  });

  it('a start and an end, both inclusive; an end past the file is cut to its last byte', () => {
    expect(parseByteRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseByteRange('bytes=99-99', 100)).toEqual({ start: 99, end: 99 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange(' bytes=0-0 ', 100)).toEqual({ start: 0, end: 0 });
  });

  it('a suffix is the last n bytes, the whole file when n is larger', () => {
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('unsatisfiable or malformed ranges are invalid (416)', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('invalid');
    expect(parseByteRange('bytes=5-1', 100)).toBe('invalid');
    expect(parseByteRange('bytes=-0', 100)).toBe('invalid');
    expect(parseByteRange('bytes=-', 100)).toBe('invalid');
    expect(parseByteRange('bytes=0-', 0)).toBe('invalid');
    expect(parseByteRange('items=0-1', 100)).toBe('invalid');
    expect(parseByteRange('bytes=0-1,5-9', 100)).toBe('invalid');
    expect(parseByteRange('bytes=a-b', 100)).toBe('invalid');
  });
});
