import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, staticGraph } from '../importGraph';

// socket.io-client must not be in the first-load bundle: the live socket imports it after the first load.
const SOCKET_CLIENT = /^(socket\.io-client|engine\.io-client|socket\.io-parser)($|\/)/;

describe('live socket lazy-loading boundary', () => {
  it('behavior: socket.io-client is not statically reachable from src/main.tsx, though the liveEvents services are', () => {
    const { packages, files } = staticGraph('src/main.tsx');
    const leaks = [...packages].filter(([specifier]) => SOCKET_CLIENT.test(specifier)).map(([specifier, chain]) => `${specifier} via ${chain.join(' → ')}`);
    expect(leaks).toEqual([]);
    expect(files).toContain(path.join(ROOT, 'src/services/live/socket.ts'));
    expect(readFileSync(path.join(ROOT, 'src/services/live/socket.ts'), 'utf8')).toMatch(/import\('socket\.io-client'\)/);
  });
});
