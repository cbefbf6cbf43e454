// The contact form's SQL: storing a message (the human check's claim is written by server/security/humanCheck*.ts).
import type { Db } from '../db/client.js';
import { contactMessages } from '../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function insertContactMessage(tx: Tx, values: { category: string; topic: string; name: string; email: string; message: string }): Promise<void> {
  await tx.insert(contactMessages).values(values);
}
