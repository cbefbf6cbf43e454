// Request body limits: one table for every route that takes a body, and a small default for the rest.
// A body over its limit is refused with 413 before it is read (Content-Length) or as soon as it passes the limit
// (chunked), ahead of authentication, so an anonymous client cannot make the server buffer megabytes.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PORTFOLIO_IMAGES_MAX } from '../../domain/artist.js';
import { UPLOAD_CHUNK_SIZE } from '../../domain/studio.js';
import type { PublicConfig } from '../config.js';
import { errorResponse } from './errors.js';

export interface BodyLimitRule {
  method: string;
  /** A route pattern: `:name` matches one path segment. */
  path: string;
  maxBytes: number;
  /** What the route takes, so the number can be checked against it. */
  why: string;
  /** What a refused client is told (default: the route's limit). */
  message?: string;
}

const KB = 1024;
/** Routes not in the table take no body (GET, DELETE, HEAD): a small allowance for clients that send one anyway. */
export const DEFAULT_BODY_LIMIT = 1 * KB;
/** Multipart framing and the text fields that travel beside a file. */
const MULTIPART_OVERHEAD = 64 * KB;

/** The table (also in the README's security section). */
export function bodyLimitTable(config: Pick<PublicConfig, 'maxFileSize'>): BodyLimitRule[] {
  const fileUpload = config.maxFileSize + MULTIPART_OVERHEAD;
  // The artist profile (the artists' pages): a cover and up to PORTFOLIO_IMAGES_MAX portfolio images in one save.
  const artistProfile = (PORTFOLIO_IMAGES_MAX + 1) * config.maxFileSize + MULTIPART_OVERHEAD;
  // The user chose a file: say the file limit they can act on, not the framing allowance on top of it.
  const fileMessage = `The request is larger than the ${config.maxFileSize / 1_048_576} MB limit.`;
  return [
    { method: 'POST', path: '/api/v1/account', maxBytes: 16 * KB, why: 'SIWE message and signature (4 KB each at most) and the API key request' },
    { method: 'PUT', path: '/api/v1/account/:id', maxBytes: fileUpload, why: 'alias, email and one avatar image up to maxFileSize', message: fileMessage },
    { method: 'POST', path: '/api/v1/likes/', maxBytes: 4 * KB, why: 'a token_id field' },
    { method: 'POST', path: '/api/v1/likes', maxBytes: 4 * KB, why: 'a token_id field' },
    { method: 'POST', path: '/api/v1/comments', maxBytes: 16 * KB, why: 'a comment of up to 2,000 characters (4 bytes each in UTF-8, JSON-escaped)' },
    { method: 'PUT', path: '/api/v1/comments/:id', maxBytes: 16 * KB, why: 'an edited comment of up to 2,000 characters' },
    { method: 'POST', path: '/api/v1/comments/:id/vote', maxBytes: 1 * KB, why: 'a vote of 1 or -1' },
    { method: 'PUT', path: '/api/v1/collection/:id', maxBytes: fileUpload, why: 'a description of up to 2,000 characters and one cover image up to maxFileSize', message: fileMessage },
    { method: 'POST', path: '/api/v1/canvas/', maxBytes: fileUpload, why: 'a studio collection\'s details (texts of at most 2,000 characters), its attributes and one cover image up to maxFileSize', message: fileMessage },
    { method: 'PUT', path: '/api/v1/canvas/:id', maxBytes: fileUpload, why: 'the edited details, attributes and an optional new cover image up to maxFileSize', message: fileMessage },
    { method: 'PUT', path: '/api/v1/canvas/:id/token/:tokenId', maxBytes: 16 * KB, why: 'a token name of 50 characters and a description of up to 2,000' },
    { method: 'POST', path: '/api/v1/canvas/:id/token', maxBytes: 4 * KB, why: 'a generative token: a name and a seed value of 50 characters each' },
    { method: 'POST', path: '/api/v1/canvas/:id/publish', maxBytes: 512 * KB, why: 'a generative collection\'s renders by token id (domain/generativeRender.ts): about 140 bytes a token, room for some 3,500 tokens' },
    { method: 'POST', path: '/api/v1/artist', maxBytes: artistProfile, why: 'the artist profile texts (a few KB), a cover and up to 9 portfolio images, each up to maxFileSize', message: fileMessage },
    { method: 'PUT', path: '/api/v1/artist/:address', maxBytes: artistProfile, why: 'the edited artist profile: texts, a new cover and up to 9 new portfolio images, each up to maxFileSize', message: fileMessage },
    { method: 'POST', path: '/api/v1/connect', maxBytes: 64 * KB, why: 'a contact message: short texts, a message of up to 5,000 characters and a human-check token of up to 10,000' },
    { method: 'POST', path: '/api/v1/trade/check', maxBytes: 4 * KB, why: 'a trade: kind, chain, price and ids' },
    { method: 'PATCH', path: '/api/v1/canvas/:id/upload/:uploadId', maxBytes: UPLOAD_CHUNK_SIZE + 64 * KB, why: 'one tus chunk of a studio upload (the studio sends 5,000,000 bytes at a time)' },
    { method: 'POST', path: '/graphql', maxBytes: 64 * KB, why: 'a query document and its variables (the app sends under 4 KB)' },
  ];
}

interface CompiledRule extends BodyLimitRule {
  pattern: RegExp;
}

const compile = (rule: BodyLimitRule): CompiledRule => ({
  ...rule,
  pattern: new RegExp(`^${rule.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
});

const sizeText = (bytes: number) => (bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`);

/** One middleware for the whole app: picks the route's limit from the table. */
export function bodyLimits(config: Pick<PublicConfig, 'maxFileSize'>): MiddlewareHandler {
  const rules = bodyLimitTable(config).map(compile);
  const tooLarge = (maxBytes: number) => `The request body is larger than the ${sizeText(maxBytes)} this route takes.`;
  const limiters = new Map<CompiledRule | null, MiddlewareHandler>([
    [null, bodyLimit({ maxSize: DEFAULT_BODY_LIMIT, onError: (c) => errorResponse(c, 413, 'too_large', tooLarge(DEFAULT_BODY_LIMIT)) })],
    ...rules.map((rule): [CompiledRule, MiddlewareHandler] => [
      rule,
      bodyLimit({ maxSize: rule.maxBytes, onError: (c) => errorResponse(c, 413, 'too_large', rule.message ?? tooLarge(rule.maxBytes)) }),
    ]),
  ]);
  return (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
      // No body is read on these routes; a declared one is still refused above the default.
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > DEFAULT_BODY_LIMIT) {
        return Promise.resolve(errorResponse(c, 413, 'too_large', tooLarge(DEFAULT_BODY_LIMIT)));
      }
      return next();
    }
    const path = c.req.path;
    const rule = rules.find((candidate) => candidate.method === method && candidate.pattern.test(path)) ?? null;
    return limiters.get(rule)!(c, next);
  };
}
