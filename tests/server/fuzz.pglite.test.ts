// The fuzz suite (tests/server/fuzz/suite.ts) on PGlite.
import { fuzzSuite } from './fuzz/suite.js';

fuzzSuite('pglite');
