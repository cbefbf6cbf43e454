// GET /api/v1/config: the public config every page reads at start. The server builds it typed by this schema
// (server/config.ts buildPublicConfig); the client checks the answer with it once the page's first load is over.
import * as z from 'zod/mini';

/** An ERC-20 the marketplace accepts for offers besides the chain's native symbol (e.g. the demo's WETH). */
export const tokenCurrencyContract = z.object({ address: z.string(), symbol: z.string(), decimals: z.number() });

export const evmConfigContract = z.object({
  chainId: z.number(),
  name: z.string(),
  providerURL: z.string(),
  symbol: z.string(),
  /** The chain's block explorer (no trailing slash), null without one; absent in a config stored by an older build. */
  blockExplorerUrl: z.optional(z.nullable(z.string())),
  /** null until the contracts are deployed. */
  contracts: z.object({ marketplace: z.nullable(z.string()), collectionFactory: z.nullable(z.string()) }),
  /** Absent in a config stored by an older build: none. */
  tokenCurrencies: z.optional(z.array(tokenCurrencyContract)),
});

export const configAnswer = z.object({
  evms: z.array(evmConfigContract),
  ipfs: z.object({ urlPrefix: z.string(), thumbnailUrlPrefix: z.string() }),
  maxFileSize: z.number(),
  maxVideoSize: z.number(),
  suggestedRoyalty: z.number(),
  isLocalDemoChain: z.boolean(),
  /** The external artist application form ('apply here' on /artists/apply). */
  artistApplicationUrl: z.string(),
  /** The contact form's human check: Turnstile (production) or the server's own ALTCHA challenge. */
  humanCheck: z.object({ provider: z.enum(['turnstile', 'altcha']) }),
  /** The separate origin that serves the generative sandbox page and creator scripts (no trailing slash). */
  contentOrigin: z.string(),
});

export type AppConfig = z.infer<typeof configAnswer>;
export type EvmConfig = z.infer<typeof evmConfigContract>;
export type TokenCurrency = z.infer<typeof tokenCurrencyContract>;
