import { describe, expect, it } from 'vitest';
import { collectionDescriptionSchema } from '../../domain/collection';
import { firstIssue } from '../../domain/validate';

const INVALID = 'Invalid input. Please use only alphanumeric characters and basic punctuation.';

// See docs/requirements.md#collection-page "Collection description: only letters, digits, accented Latin letters, whitespace and
// . " ' ( ) : _ , = + - ; otherwise 'Invalid input. ...'. Empty is rejected."
describe('collection description (requirements: collection page)', () => {
  it('accepts letters, digits, accented Latin letters, whitespace and the listed punctuation', () => {
    for (const good of ['Études (2024): "light", shade_1, a=b+c - d.', "L'été", 'Crème brûlée\nsecond line\ttab', 'ĀāŁłŒœƒǺ ɏ', 'ÀÖØöøÿ']) {
      expect([good, firstIssue(collectionDescriptionSchema, good)]).toEqual([good, null]);
    }
  });

  it('refuses anything else with the seed message', () => {
    for (const bad of ['<script>', 'Sale #1 & more', '50%', 'emoji 🎨', 'a/b', 'a;b', 'a!', 'what?', '×', '÷', 'Ωmega', 'Привет', '[x]', '{x}', '@me', '$5', 'a*b', 'back\\slash', 'tilde~']) {
      expect([bad, firstIssue(collectionDescriptionSchema, bad)]).toEqual([bad, INVALID]);
    }
  });

  it("empty or blank is 'Required Field'; longer than 2000 characters is the invalid message; parses trimmed", () => {
    expect(firstIssue(collectionDescriptionSchema, '')).toBe('Required Field');
    expect(firstIssue(collectionDescriptionSchema, ' \n ')).toBe('Required Field');
    expect(firstIssue(collectionDescriptionSchema, 'a'.repeat(2000))).toBeNull();
    expect(firstIssue(collectionDescriptionSchema, 'a'.repeat(2001))).toBe(INVALID);
    expect(collectionDescriptionSchema.parse('  Light and shade.  ')).toBe('Light and shade.');
  });
});
