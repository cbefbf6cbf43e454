import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, staticGraph } from '../importGraph';

// The phone-performance work: what a token page's first paint does not need is not in its first load. From the route module, static
// imports must not reach the comment thread's machine (its chunk loads when the panel nears the screen), the contract
// action (loaded with the first trade: src/services/chain/lazyContractAction.ts), the fullscreen dialog (its first
// open) or the studio's rules (the media-type labels are domain/mediaTypes.ts).
const LAZY = [
  'machines/comments/commentThreadMachine.ts',
  'machines/comments/commentThreadPersistence.ts',
  'src/services/commentDrafts.ts',
  'machines/trading/contractActionMachine.ts',
  'src/services/chain/contractAction.ts',
  'src/services/chain/tradeCheck.ts',
  'src/components/media/FullscreenViewer.tsx',
  'domain/studioRules.ts',
  'src/services/flows/likeToggle.ts',
];

const staticFiles = (entry: string) => staticGraph(entry).files;

const reached = (entry: string) => {
  const files = staticFiles(entry);
  return LAZY.filter((file) => files.has(path.join(ROOT, file)));
};

describe('token page lazy-loading boundary', () => {
  it('the route reaches none of the parts loaded on demand', () => {
    const files = staticFiles('src/routes/token.$id.tsx');
    // The walk does reach the page's own parts (the trade panel and its sale machine, the comments panel).
    for (const file of ['src/components/trading/TokenTradePanel.tsx', 'machines/trading/saleMachine.ts', 'src/components/comments/CommentsPanel.tsx', 'src/components/media/FullscreenControl.tsx']) {
      expect(files, file).toContain(path.join(ROOT, file));
    }
    expect(reached('src/routes/token.$id.tsx')).toEqual([]);
  });

  it('nor does any media viewer (each is the first load of its media type\'s token page)', () => {
    for (const viewer of ['ImageViewer', 'GifViewer', 'FlipcardViewer', 'GenerativeViewer', 'VideoViewer', 'SoundViewer']) {
      expect(reached(`src/components/media/${viewer}.tsx`), viewer).toEqual([]);
    }
  });

  it('the token flows run the contract action through its lazy loader', () => {
    const flows = readFileSync(path.join(ROOT, 'src/services/flows/token.ts'), 'utf8');
    expect(flows).toContain('saleMachine.provide({ actors: { contractAction: lazyContractAction.logic } })');
    expect(flows).toContain('offerMachine.provide({ actors: { contractAction: lazyContractAction.logic } })');
    expect(readFileSync(path.join(ROOT, 'src/services/chain/lazyContractAction.ts'), 'utf8')).toContain("import('./contractAction')");
  });
});
