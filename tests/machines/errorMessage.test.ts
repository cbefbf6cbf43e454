import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../machines/system/errorMessage';

describe('errorMessage', () => {
  it("shows an error's own message, a thrown text as it is, and 'Unexpected error' when there is nothing to say", () => {
    expect(errorMessage(new Error('The network is unavailable'))).toBe('The network is unavailable');
    expect(errorMessage('Database unavailable')).toBe('Database unavailable');
    expect(errorMessage(new Error(''))).toBe('Unexpected error');
    expect(errorMessage('')).toBe('Unexpected error');
    expect(errorMessage({ message: 'not an Error' })).toBe('Unexpected error');
    expect(errorMessage(undefined)).toBe('Unexpected error');
  });
});
