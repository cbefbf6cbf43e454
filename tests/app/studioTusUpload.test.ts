// tusUpload against a fake tus server (an in-memory tus 1.0 HttpStack): chunking, signed headers on every request,
// metadata, token-id, resuming from the server's offset after a cut (also of an upload that finished meanwhile).
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { StudioUploadError, uploadStudioFile, type UploadProgress } from '../../src/services/studio/tusUpload';

interface StoredUpload {
  length: number;
  offset: number;
  metadata: string;
  tokenId: string | null;
}
interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  size: number;
}

// The app is built with tus-js-client's browser build (Blob chunks, localStorage fingerprints); vitest resolves the
// node build, so the test loads the browser one.
vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

const bodySize = (body: unknown): number => {
  if (body == null) return 0;
  if (body instanceof Blob) return body.size;
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  return String(body).length;
};

class FakeResponse implements HttpResponse {
  constructor(
    private status: number,
    private headers: Record<string, string>,
    private body = '',
  ) {}
  getStatus() {
    return this.status;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  getBody() {
    return this.body;
  }
  getUnderlyingObject() {
    return null;
  }
}

/** tus 1.0 creation + core + HEAD, the token-id header on a finished upload's PATCH and HEAD (as the server does). */
class FakeTusServer implements HttpStack {
  uploads = new Map<string, StoredUpload>();
  seen: SeenRequest[] = [];
  nextToken = 1;
  /** PATCH numbers (1-based) whose connection breaks before the server reads them. */
  breakPatch = new Set<number>();
  /** PATCH numbers the server stores but whose response never arrives. */
  loseResponse = new Set<number>();
  refuse: { status: number; body: string } | null = null;
  private patches = 0;

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    let onProgress: (bytes: number) => void = () => {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: (handler) => {
        onProgress = handler;
      },
      send: async (body) => {
        const size = bodySize(body);
        this.seen.push({ method, url, headers: { ...headers }, size });
        return this.answer(method, url, headers, size, onProgress);
      },
      abort: async () => {},
      getUnderlyingObject: () => null,
    };
  }

  getName() {
    return 'fake-tus';
  }

  private answer(method: string, url: string, headers: Record<string, string>, size: number, onProgress: (bytes: number) => void): FakeResponse {
    if (this.refuse) return new FakeResponse(this.refuse.status, {}, this.refuse.body);
    if (method === 'POST') {
      const id = `u${this.uploads.size + 1}`;
      this.uploads.set(id, { length: Number(headers['upload-length']), offset: 0, metadata: headers['upload-metadata'] ?? '', tokenId: null });
      return new FakeResponse(201, { location: `${url}${id}` });
    }
    const upload = this.uploads.get(url.split('/').pop()!);
    if (!upload) return new FakeResponse(404, {});
    if (method === 'HEAD') {
      return new FakeResponse(200, {
        'upload-offset': String(upload.offset),
        'upload-length': String(upload.length),
        ...(upload.tokenId ? { 'token-id': upload.tokenId } : {}),
      });
    }
    if (method === 'PATCH') {
      this.patches += 1;
      if (this.breakPatch.has(this.patches)) throw new Error('connection reset');
      if (Number(headers['upload-offset']) !== upload.offset) return new FakeResponse(409, {});
      upload.offset += size;
      onProgress(size);
      if (upload.offset === upload.length) upload.tokenId = String(this.nextToken++);
      if (this.loseResponse.has(this.patches)) throw new Error('connection lost after the server stored the chunk');
      return new FakeResponse(204, { 'upload-offset': String(upload.offset), ...(upload.tokenId ? { 'token-id': upload.tokenId } : {}) });
    }
    return new FakeResponse(405, {});
  }

  patchBytes() {
    return this.seen.filter((request) => request.method === 'PATCH' && request.size > 0).reduce((sum, request) => sum + request.size, 0);
  }
}

const credentials = { address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', key: 'key-1' };
const origin = 'http://127.0.0.1:8787';
const twelveMegabytes = () => new File([new Uint8Array(12_000_000)], 'sunrise.png', { type: 'image/png', lastModified: 1_700_000_000_000 });

afterEach(() => localStorage.clear());

describe('uploadStudioFile', () => {
  test('default: 5,000,000-byte chunks one at a time, every request signed with a fresh nonce, the token-id read', async () => {
    const server = new FakeTusServer();
    const progress: UploadProgress[] = [];
    const outcome = await uploadStudioFile(credentials, { canvasId: 'c1', file: twelveMegabytes() }, { origin, httpStack: server, onProgress: (p) => progress.push(p) });

    expect(outcome).toMatchObject({ tokenId: '1', resumed: false });
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    expect(server.seen.filter((request) => request.method === 'PATCH').map((request) => request.size)).toEqual([5_000_000, 5_000_000, 2_000_000]);
    expect(server.seen[0]!.url).toBe('http://127.0.0.1:8787/api/v1/canvas/c1/upload/');
    for (const request of server.seen) {
      expect(request.headers.authorization).toBe(`Bearer ${credentials.address}:key-1`);
      expect(request.headers['upload-context']).toBe('media');
      expect(request.headers.container_id).toBe('c1');
    }
    const nonces = server.seen.map((request) => request.headers.nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(progress.at(-1)).toEqual({ bytesUploaded: 12_000_000, bytesTotal: 12_000_000, percent: 100 });
    expect(progress.some((p) => p.percent > 0 && p.percent < 100)).toBe(true);
  });

  test('parameters: context, category, token and metadata as the server reads them', async () => {
    const server = new FakeTusServer();
    const file = new File([new Uint8Array(10)], 'cover.png', { type: 'image/png' });
    await uploadStudioFile(
      credentials,
      { canvasId: 'c2', file, context: 'thumbnail', tokenId: '4', properties: { width: 10 }, attributes: { seedValue: '7' } },
      { origin, httpStack: server },
    );
    const post = server.seen[0]!;
    expect(post.headers['upload-context']).toBe('thumbnail');
    const metadata = Object.fromEntries(
      post.headers['upload-metadata']!.split(',').map((pair) => {
        const [key, value] = pair.split(' ');
        return [key, value ? atob(value) : ''];
      }),
    );
    expect(metadata).toEqual({
      filename: 'cover.png',
      name: 'cover',
      type: 'image/png',
      category: 'token',
      token: '4',
      properties: '{"width":10}',
      attributes: '{"seedValue":"7"}',
    });
  });

  test('behavior: a cut upload continues from the server offset, each byte sent once', async () => {
    const server = new FakeTusServer();
    server.breakPatch.add(2);
    await expect(uploadStudioFile(credentials, { canvasId: 'c3', file: twelveMegabytes() }, { origin, httpStack: server })).rejects.toThrow(
      'File Upload Failed. Please try again!',
    );
    // No automatic retry: the broken PATCH was the last request.
    expect(server.seen.map((request) => request.method)).toEqual(['POST', 'PATCH', 'PATCH']);

    const outcome = await uploadStudioFile(credentials, { canvasId: 'c3', file: twelveMegabytes() }, { origin, httpStack: server });
    expect(outcome).toMatchObject({ tokenId: '1', resumed: true });
    const after = server.seen.slice(3);
    expect(after.map((request) => request.method)).toEqual(['HEAD', 'PATCH', 'PATCH']);
    expect(after[1]!.headers['upload-offset']).toBe('5000000');
    expect(server.uploads.size).toBe(1);
    expect(server.patchBytes()).toBe(12_000_000 + 5_000_000);
    // The broken PATCH never reached the server: what it stored is each byte once.
    expect(server.uploads.get('u1')).toMatchObject({ offset: 12_000_000, length: 12_000_000 });
  });

  test('behavior: an upload that finished while the page was gone reads the token-id from the HEAD', async () => {
    const server = new FakeTusServer();
    server.loseResponse.add(3);
    await expect(uploadStudioFile(credentials, { canvasId: 'c4', file: twelveMegabytes() }, { origin, httpStack: server })).rejects.toBeInstanceOf(
      StudioUploadError,
    );
    const outcome = await uploadStudioFile(credentials, { canvasId: 'c4', file: twelveMegabytes() }, { origin, httpStack: server });
    expect(outcome).toMatchObject({ tokenId: '1', resumed: true });
    expect(server.seen.slice(4).map((request) => request.method)).toEqual(['HEAD']);
  });

  test('behavior: a finished upload forgets its fingerprint, so the same file again is a new upload', async () => {
    const server = new FakeTusServer();
    await uploadStudioFile(credentials, { canvasId: 'c5', file: twelveMegabytes() }, { origin, httpStack: server });
    const second = await uploadStudioFile(credentials, { canvasId: 'c5', file: twelveMegabytes() }, { origin, httpStack: server });
    expect(second).toMatchObject({ tokenId: '2', resumed: false });
    expect(Object.keys(localStorage).filter((key) => key.includes('artbazaar-studio'))).toEqual([]);
  });

  test('behavior: a refused file shows the server message', async () => {
    const server = new FakeTusServer();
    server.refuse = {
      status: 400,
      body: JSON.stringify({ error: 'invalid_file_name', message: 'File names may contain only letters, digits, dots, spaces, dashes and underscores' }),
    };
    const file = new File([new Uint8Array(5)], 'bad$name.png', { type: 'image/png' });
    await expect(uploadStudioFile(credentials, { canvasId: 'c6', file }, { origin, httpStack: server })).rejects.toThrow(
      'File names may contain only letters, digits, dots, spaces, dashes and underscores',
    );
  });

  test('behavior: stopped by its signal, the upload is kept for resuming (never terminated)', async () => {
    const server = new FakeTusServer();
    const controller = new AbortController();
    const running = uploadStudioFile(credentials, { canvasId: 'c7', file: twelveMegabytes() }, {
      origin,
      httpStack: server,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.seen.some((request) => request.method === 'DELETE')).toBe(false);
    expect(Object.keys(localStorage).some((key) => key.includes('artbazaar-studio|c7|'))).toBe(true);
  });
});
