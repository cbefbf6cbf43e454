// zod's messages as the browser bundle has them. The app ships zod/mini only, with no locale loaded: a failed check
// says 'Invalid input'. Classic zod registers its English locale (globalThis.__zod_globalConfig, one per worker) the
// first time it builds a schema, so in a worker that ran such a file first (vitest reuses workers across files and
// projects) zod/mini would say 'Invalid input: expected number, received NaN'. A file that compares the plain rules
// with zod/mini's answers calls this to hold the browser's condition for its own tests, then puts back what it found.
import { afterAll, beforeAll } from 'vitest';
import * as z from 'zod/mini';

export function withoutZodLocale(): void {
  let saved: ReturnType<typeof z.config>['localeError'];
  beforeAll(() => {
    saved = z.config().localeError;
    z.config({ localeError: undefined });
  });
  afterAll(() => {
    z.config({ localeError: saved });
  });
}
