import { describe, expect, it } from 'vitest';
import { FILE_NAME_MESSAGE } from '../../domain/messages';
import { FILE_NAME_MAX, parseTusMetadata, readUploadContext, readUploadMetadata, UPLOAD_CONTEXTS } from '../../domain/contracts/upload';
import { uploadMetadata } from '../../src/services/studio/tusUpload';

// The studio's tus wire (domain/contracts/upload.ts): what the client sends reads back on the server as the same
// metadata, and a header that is not the wire's is refused with the server's 400 code and message.
const encode = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

describe('tus metadata', () => {
  it('what the client sends is what the server reads (names, JSON objects, a thumbnail\'s token)', () => {
    const file = new File(['x'], 'Harbour Light.png', { type: 'image/png' });
    const sent = uploadMetadata({ canvasId: '7', file, context: 'thumbnail', tokenId: '3', properties: { size: 'L' }, attributes: { mood: 'calm' } });
    const raw = parseTusMetadata(encode(sent));
    expect(raw).toEqual({ ok: true, raw: sent });
    expect(raw.ok && readUploadMetadata(raw.raw)).toEqual({
      ok: true,
      metadata: { filename: 'Harbour Light.png', tokenName: 'Harbour Light', type: 'image/png', category: 'token', properties: { size: 'L' }, attributes: { mood: 'calm' }, token: '3' },
    });
  });

  it('UTF-8 values decode; an empty header is no metadata', () => {
    expect(parseTusMetadata(encode({ name: 'Überfahrt' }))).toEqual({ ok: true, raw: { name: 'Überfahrt' } });
    expect(parseTusMetadata('  ')).toEqual({ ok: true, raw: {} });
    expect(parseTusMetadata(undefined)).toEqual({ ok: true, raw: {} });
  });

  it.each([
    ['a pair with two values', 'filename YQ== Yg=='],
    ['a key twice', 'filename YQ==,filename Yg=='],
    ['a value that is not base64', 'filename a*b'],
    ['a key with a space', ' YQ=='],
  ])('behavior: %s is malformed', (_, header) => {
    expect(parseTusMetadata(header)).toEqual({ ok: false, code: 'invalid_metadata', message: 'The Upload-Metadata header is malformed.' });
  });

  it('bytes that are not UTF-8 text are refused by name', () => {
    expect(parseTusMetadata(`name ${Buffer.from([0xff, 0xfe]).toString('base64')}`)).toEqual({ ok: false, code: 'invalid_metadata', message: 'The upload metadata "name" is not UTF-8 text.' });
  });

  it.each([
    [{ filename: 'bad/name.png' }, 'invalid_file_name', FILE_NAME_MESSAGE],
    [{ filename: '.hidden.png' }, 'invalid_file_name', FILE_NAME_MESSAGE],
    [{ filename: `${'a'.repeat(FILE_NAME_MAX)}.png` }, 'invalid_file_name', `The file name is longer than ${FILE_NAME_MAX} characters.`],
    [{ filename: 'a.png', category: 'avatar' }, 'invalid_metadata', 'The upload metadata "category" must be token or collection.'],
    [{ filename: 'a.png', token: '0' }, 'invalid_metadata', 'The upload metadata "token" must be a token id.'],
    [{ filename: 'a.png', properties: '{' }, 'invalid_metadata', 'The upload metadata "properties" must be JSON text.'],
    [{ filename: 'a.png', attributes: '[1]' }, 'invalid_metadata', 'The upload metadata "attributes" must be a JSON object.'],
  ])('behavior: %j is refused (%s)', (raw, code, message) => {
    expect(readUploadMetadata(raw)).toEqual({ ok: false, code, message });
  });

  it('the token name is the metadata name, else the file name\'s stem, at most 50 characters', () => {
    const read = (raw: Record<string, string>) => {
      const result = readUploadMetadata(raw);
      return result.ok ? result.metadata.tokenName : null;
    };
    expect(read({ filename: 'dawn.png', name: '  Dawn  ' })).toBe('Dawn');
    expect(read({ filename: 'dawn.png' })).toBe('dawn');
    expect(read({ filename: `${'b'.repeat(60)}.png` })).toBe('b'.repeat(50));
  });
});

describe('the upload-context header', () => {
  it('each context reads as itself (any case); absent or empty is media', () => {
    for (const context of UPLOAD_CONTEXTS) expect(readUploadContext(` ${context.toUpperCase()} `)).toEqual({ ok: true, context });
    expect(readUploadContext(undefined)).toEqual({ ok: true, context: 'media' });
    expect(readUploadContext('')).toEqual({ ok: true, context: 'media' });
  });

  it('another value is refused with the contexts named', () => {
    expect(readUploadContext('avatar')).toEqual({ ok: false, code: 'invalid_context', message: 'The upload-context header must be one of cover, media, collection, thumbnail.' });
  });
});
