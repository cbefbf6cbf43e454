// The fuzz suite (tests/server/fuzz/suite.ts) on PostgreSQL.
import { fuzzSuite } from './fuzz/suite.js';

fuzzSuite('postgres');
