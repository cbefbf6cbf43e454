// Values several REST bodies share on the wire: what a JSON body sends as a number, a form sends as text.
import * as z from 'zod/mini';

/** Text or a number, read as text. */
export const wireText = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

/** A database id (a token, a comment, a collection): digits without a leading zero, as text or a number; read as a number. */
export const wireId = z.pipe(wireText, z.pipe(z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'must be a database id')), z.transform(Number)));
