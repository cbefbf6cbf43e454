import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../domain/contracts/errorBody';
import { refusalError } from '../../src/services/errors';

// A REST refusal's body, { error, message }, read without a cast: what is not that shape reads as neither.
describe('readErrorBody', () => {
  it.each([
    [{ error: 'invalid_input', message: 'Name is required.' }, { error: 'invalid_input', message: 'Name is required.' }],
    [{ error: 'rate_limited' }, { error: 'rate_limited' }],
    [{ message: 'Slow down.', extra: 1 }, { message: 'Slow down.' }],
    [{ error: 42, message: ['not', 'text'] }, {}],
    [null, {}],
    ['<html>Bad gateway</html>', {}],
    [[{ error: 'x' }], {}],
  ])('%j reads as %j', (body, expected) => {
    expect(readErrorBody(body)).toEqual(expected);
  });
});

describe('refusalError', () => {
  it("carries the server's code and message", () => {
    const error = refusalError(409, { error: 'already_listed', message: 'This token is already listed.' });
    expect(error).toMatchObject({ name: 'HttpError', status: 409, code: 'already_listed', message: 'This token is already listed.' });
  });

  it('says the status when the body is not the shape (a proxy page, no JSON)', () => {
    expect(refusalError(502, null)).toMatchObject({ status: 502, code: undefined, message: 'Request failed with status 502' });
    expect(refusalError(500, { message: 7 })).toMatchObject({ status: 500, code: undefined, message: 'Request failed with status 500' });
  });
});
