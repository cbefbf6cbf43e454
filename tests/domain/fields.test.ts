import { describe, expect, it } from 'vitest';
import { noHashOrAmpersand, optionalEmail, optionalUrl, requiredText } from '../../domain/fields';
import { firstIssue } from '../../domain/validate';

// See docs/requirements.md#validation "Other messages: 'Enter a valid email address', 'Enter a valid URL', 'Special Character # and & not
// allowed', 'Required Field' for an empty required text field".
describe('shared text fields (requirements: validation, shared messages)', () => {
  it("required text: 'Required Field' when empty, blank or missing", () => {
    for (const empty of ['', '   ', undefined]) expect(firstIssue(requiredText(), empty)).toBe('Required Field');
    expect(firstIssue(requiredText(), 'x')).toBeNull();
  });

  it("optional email: empty is fine; otherwise the profile's email rule with 'Enter a valid email address'", () => {
    for (const ok of ['', '  ', 'ada@example.com']) expect(firstIssue(optionalEmail, ok)).toBeNull();
    for (const bad of ['nope', 'a@b.c', 'ada@']) expect(firstIssue(optionalEmail, bad)).toBe('Enter a valid email address');
  });

  it("optional URL: empty, or an absolute http(s) link with a dotted host, else 'Enter a valid URL'", () => {
    for (const ok of ['', 'https://example.com/art', 'http://a.b']) expect(firstIssue(optionalUrl, ok)).toBeNull();
    for (const bad of ['example', 'example.com', 'javascript:alert(1)', 'ftp://example.com', 'https://localhost']) {
      expect(firstIssue(optionalUrl, bad)).toBe('Enter a valid URL');
    }
  });

  it("# and &: 'Special Character # and & not allowed'", () => {
    expect(firstIssue(noHashOrAmpersand, 'Rock & roll')).toBe('Special Character # and & not allowed');
    expect(firstIssue(noHashOrAmpersand, '#1')).toBe('Special Character # and & not allowed');
    expect(firstIssue(noHashOrAmpersand, 'Rock and roll')).toBeNull();
  });
});
