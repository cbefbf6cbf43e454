import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCanvasPreviewSearch } from '../../src/views/studio/canvasPreview/canvasPreviewSearch';

// What a route keeps in the entry chunk (validateSearch, beforeLoad) must not drag a page's services in: the router
// plugin splits components and loaders (vite.config.ts), but a module one of them shares with validateSearch stays
// whole in the entry. These modules are imported by routes' search validation and the boot-time live socket.
const ROOT = path.resolve(import.meta.dirname, '..', '..');

function importsOf(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;'"]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
}

describe('entry chunk boundary', () => {
  it('behavior: the canvas preview search validation reaches only the share token rule, not the canvas services', () => {
    expect(importsOf('src/views/studio/canvasPreview/canvasPreviewSearch.ts')).toEqual(['../../../services/studio/shareToken']);
    expect(importsOf('src/services/studio/shareToken.ts')).toEqual([]);
    for (const route of ['src/routes/canvas.$containerId.tsx', 'src/routes/preview.canvas.$containerId.tsx']) {
      const source = readFileSync(path.join(ROOT, route), 'utf8');
      expect(source, route).toMatch(/validateSearch: validateCanvasPreviewSearch/);
      expect(source, route).toMatch(/import \{ validateCanvasPreviewSearch \} from '\.\.\/views\/studio\/canvasPreview\/canvasPreviewSearch'/);
    }
  });

  it('behavior: the search validation keeps a share token and drops anything that cannot be one', () => {
    expect(validateCanvasPreviewSearch({ share: 'Ab_cd-1234' })).toEqual({ share: 'Ab_cd-1234' });
    expect(validateCanvasPreviewSearch({ share: 'short' })).toEqual({ share: undefined });
    expect(validateCanvasPreviewSearch({ share: 'has space in it' })).toEqual({ share: undefined });
    expect(validateCanvasPreviewSearch({ share: 12345678 })).toEqual({ share: undefined });
  });

  it('behavior: the live socket compares addresses without the display helpers (and so without keccak)', () => {
    expect(importsOf('src/services/live/socket.ts')).toContain('../../../domain/address');
    expect(importsOf('src/services/live/socket.ts')).not.toContain('../../app/format');
    expect(importsOf('domain/address.ts')).toEqual([]);
  });
});
