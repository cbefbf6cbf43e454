import * as z from 'zod/mini';

/** The first issue's message (the seed's text), or null when the value passes. A form shows one message a field. */
export function firstIssue(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
