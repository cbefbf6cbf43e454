// One drizzle schema for PGlite and PostgreSQL. Columns are snake_case; addresses are stored lower-case.
// Split by area; everything is re-exported here, the module drizzle and drizzle-kit read.
export * from './schema/marketplace.js';
export * from './schema/indexer.js';
export * from './schema/content.js';
export * from './schema/studio.js';
export * from './schema/home.js';
export * from './schema/pinning.js';
export * from './schema/ipfs.js';
