import { describe, expect, it } from 'vitest';
import { fileNameSchema } from '../../domain/files';
import { firstIssue } from '../../domain/validate';

// See docs/requirements.md#studio-upload "Upload file names: only letters, digits, dot, space, hyphen, underscore; otherwise
// 'File Upload Failed. Remove special characters from filename'".
describe('file names (requirements: validation)', () => {
  it('accepts letters, digits, dot, space, hyphen and underscore', () => {
    for (const good of ['my art_01-final.png', 'sketch.js', 'A.B.C', 'cover 2024.jpeg']) expect([good, firstIssue(fileNameSchema, good)]).toEqual([good, null]);
  });

  it('refuses any other character, and an empty name, with the seed message', () => {
    for (const bad of ['my/art.png', 'a\\b.png', 'art(1).png', 'été.png', 'a#b.png', 'a&b.png', "o'k.png", 'a+b.png', '', 'tab\t.png']) {
      expect([bad, firstIssue(fileNameSchema, bad)]).toEqual([bad, 'File Upload Failed. Remove special characters from filename']);
    }
  });
});
