// Column helpers shared by the schema files.
import { bigint, bigserial, customType, numeric, timestamp } from 'drizzle-orm/pg-core';

// pg returns Buffer and PGlite returns Uint8Array; both are Uint8Array, which is all callers need.
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

// Ids are bigserial; JS numbers are exact up to 2^53, far beyond any row count here.
export const id = () => bigserial('id', { mode: 'number' }).primaryKey();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
// uint256 amounts (wei, token ids, sale ids) as exact decimal strings.
export const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });
