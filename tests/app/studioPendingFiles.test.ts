// pendingFiles: chosen files kept in the origin-private file system until their upload completes (an in-memory
// stand-in for navigator.storage.getDirectory(); the index in fake IndexedDB).
import { beforeEach, describe, expect, test } from 'vitest';
import { createStore } from 'idb-keyval';
import { createPendingFiles, pendingFileKey } from '../../src/services/studio/pendingFiles';

class FakeFileHandle {
  kind = 'file' as const;
  constructor(
    private directory: FakeDirectory,
    readonly name: string,
  ) {}
  async getFile() {
    const blob = this.directory.files.get(this.name);
    if (!blob) throw new DOMException('gone', 'NotFoundError');
    return new File([blob], this.name);
  }
  async createWritable() {
    const parts: Blob[] = [];
    const directory = this.directory;
    const name = this.name;
    return {
      async write(data: Blob) {
        if (directory.quota.used + data.size > directory.quota.limit) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        directory.quota.used += data.size;
        parts.push(data);
      },
      async close() {
        directory.files.set(name, new Blob(parts));
      },
      async abort() {},
    };
  }
}

class FakeDirectory {
  kind = 'directory' as const;
  files = new Map<string, Blob>();
  directories = new Map<string, FakeDirectory>();
  constructor(readonly quota: { used: number; limit: number }) {}
  async getDirectoryHandle(name: string, options: { create?: boolean } = {}) {
    let directory = this.directories.get(name);
    if (!directory) {
      if (!options.create) throw new DOMException('missing', 'NotFoundError');
      directory = new FakeDirectory(this.quota);
      this.directories.set(name, directory);
    }
    return directory;
  }
  async getFileHandle(name: string, options: { create?: boolean } = {}) {
    if (!this.files.has(name)) {
      if (!options.create) throw new DOMException('missing', 'NotFoundError');
      this.files.set(name, new Blob([]));
    }
    return new FakeFileHandle(this, name);
  }
  async removeEntry(name: string) {
    if (!this.files.delete(name) && !this.directories.delete(name)) throw new DOMException('missing', 'NotFoundError');
  }
}

let root: FakeDirectory;
let storeCount = 0;
const pendingWith = (rootDirectory: FakeDirectory | null) => {
  const store = createStore(`pending-test-${(storeCount += 1)}`, 'pending');
  return createPendingFiles({
    root: () => (rootDirectory ? Promise.resolve(rootDirectory as unknown as FileSystemDirectoryHandle) : null),
    store: () => store,
  });
};
const png = (name: string, size: number, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size).fill(7)], name, { type: 'image/png', lastModified });

beforeEach(() => {
  root = new FakeDirectory({ used: 0, limit: 1_000_000 });
});

describe('pendingFiles', () => {
  test('default: a kept file is listed for its canvas and read back with its name, type and date', async () => {
    const pending = pendingWith(root);
    const entry = await pending.keep('c1', '1:one.png:300', png('one.png', 300));
    await pending.keep('c1', '2:two.png:200', png('two.png', 200));
    await pending.keep('c2', '1:other.png:100', png('other.png', 100));

    expect(entry).toMatchObject({ key: '1:one.png:300', canvasId: 'c1', name: 'one.png', type: 'image/png', size: 300, kept: true, problem: null });
    const listed = await pending.list('c1');
    expect(listed.map((file) => file.name)).toEqual(['one.png', 'two.png']);
    const file = await pending.read(listed[0]!);
    expect(file).toBeInstanceOf(File);
    expect(file).toMatchObject({ name: 'one.png', type: 'image/png', size: 300, lastModified: 1_700_000_000_000 });
    expect(new Uint8Array(await file!.arrayBuffer())[0]).toBe(7);
  });

  test('behavior: a completed upload removes its file, from the list and from the storage', async () => {
    const pending = pendingWith(root);
    const entry = await pending.keep('c1', '1:one.png:300', png('one.png', 300));
    await pending.remove('c1', entry.key);
    expect(await pending.list('c1')).toEqual([]);
    expect(await pending.read(entry)).toBeNull();
  });

  test('behavior: a removal right after the choice (a quick upload) waits for the copy and leaves nothing', async () => {
    const pending = pendingWith(root);
    const keeping = pending.keep('c1', '1:one.png:300', png('one.png', 300));
    await pending.remove('c1', '1:one.png:300');
    await keeping;
    expect(root.directories.get('studio-pending')?.directories.get('c1')?.files.size ?? 0).toBe(0);
  });

  test('behavior: a full storage is reported with a clear message, and the file is listed as not kept', async () => {
    root = new FakeDirectory({ used: 0, limit: 100 });
    const pending = pendingWith(root);
    const entry = await pending.keep('c1', '1:big.png:300', png('big.png', 300));
    expect(entry.kept).toBe(false);
    expect(entry.problem).toBe(
      'Your browser\'s storage is full, so "big.png" is not kept for resuming: if the page reloads before its upload ends, choose the file again.',
    );
    expect((await pending.list('c1'))[0]).toMatchObject({ name: 'big.png', kept: false });
    expect(await pending.read(entry)).toBeNull();
  });

  test('behavior: without an origin-private file system the file is listed, and the same file chosen again matches it', async () => {
    const pending = pendingWith(null);
    const entry = await pending.keep('c1', '1:one.png:300', png('one.png', 300));
    expect(entry).toMatchObject({ kept: false, problem: null });
    const [listed] = await pending.list('c1');
    expect(pending.matches(listed!, png('one.png', 300))).toBe(true);
    expect(pending.matches(listed!, png('one.png', 300, 1_600_000_000_000))).toBe(false);
    expect(pending.matches(listed!, png('two.png', 300))).toBe(false);
  });

  test('behavior: a copy the browser dropped meanwhile is listed as not kept', async () => {
    const pending = pendingWith(root);
    const entry = await pending.keep('c1', '1:one.png:300', png('one.png', 300));
    root.directories.clear();
    expect(await pending.list('c1')).toEqual([{ ...entry, kept: false, problem: null }]);
  });

  test('parameters: a thumbnail is its own pending file, keyed by its token', async () => {
    const pending = pendingWith(root);
    const file = png('frame.png', 50);
    const media = await pending.keep('c1', pendingFileKey(file, 'media'), file);
    const thumbnail = await pending.keep('c1', pendingFileKey(file, 'thumbnail', '3'), file, { context: 'thumbnail', tokenId: '3' });
    expect(thumbnail.key).not.toBe(media.key);
    expect(thumbnail).toMatchObject({ context: 'thumbnail', tokenId: '3' });
    await pending.clear('c1');
    expect(await pending.list('c1')).toEqual([]);
  });
});
