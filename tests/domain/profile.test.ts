import { describe, expect, it } from 'vitest';
import { aliasSchema, profileEmailSchema, profileSchema } from '../../domain/profile';
import { firstIssue } from '../../domain/validate';

// See docs/requirements.md#account-profile "Profile: alias required; email required and must match an ordinary email pattern ..., else 'Invalid email'".
describe('profile (requirements: account profile)', () => {
  it("alias: 'Required Field' when empty or blank; trimmed; at most 64 characters", () => {
    expect(firstIssue(aliasSchema, '')).toBe('Required Field');
    expect(firstIssue(aliasSchema, '   ')).toBe('Required Field');
    expect(firstIssue(aliasSchema, undefined)).toBe('Required Field');
    expect(aliasSchema.parse('  Ada  ')).toBe('Ada');
    expect(firstIssue(aliasSchema, 'a'.repeat(64))).toBeNull();
    expect(firstIssue(aliasSchema, 'a'.repeat(65))).toBe('Alias must be at most 64 characters');
  });

  it("email: 'Required Field' when empty, 'Invalid email' unless an ordinary address", () => {
    expect(firstIssue(profileEmailSchema, '')).toBe('Required Field');
    expect(firstIssue(profileEmailSchema, ' \t')).toBe('Required Field');
    expect(firstIssue(profileEmailSchema, null)).toBe('Required Field');
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com', 'a@b.c', 'ada@localhost', '.ada@example.com', 'a..da@example.com', 'ada@exa_mple.com', 'josé@example.com', 'ada@[127.0.0.1]']) {
      expect([bad, firstIssue(profileEmailSchema, bad)]).toEqual([bad, 'Invalid email']);
    }
    for (const good of ['ada@example.com', 'ada.lovelace+art@example.co.uk', "o'brien@example.ie", 'a_b-c@sub.example-art.io', 'a@b.co']) {
      expect([good, firstIssue(profileEmailSchema, good)]).toEqual([good, null]);
    }
    expect(profileEmailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  it("email: longer than 254 characters is 'Invalid email'", () => {
    expect(firstIssue(profileEmailSchema, `${'a'.repeat(242)}@example.com`)).toBeNull();
    expect(firstIssue(profileEmailSchema, `${'a'.repeat(243)}@example.com`)).toBe('Invalid email');
  });

  it('the form: the first failing field in form order', () => {
    expect(firstIssue(profileSchema, { alias: 'Ada', email: 'ada@example.com' })).toBeNull();
    expect(firstIssue(profileSchema, {})).toBe('Required Field');
    expect(firstIssue(profileSchema, { alias: 'Ada', email: 'ada@' })).toBe('Invalid email');
    expect(profileSchema.parse({ alias: ' Ada ', email: ' ada@example.com ' })).toEqual({ alias: 'Ada', email: 'ada@example.com' });
  });
});
