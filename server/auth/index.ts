// What other routes need from auth: the signed-request middleware, the signed-in account, and the ban check.
export { BANNED_MESSAGE, isBanned, optionalAccount, requireAccount, signedInAccount } from './requireAccount.js';
export type { AuthContext, AuthEnv, RequireAccountOptions } from './requireAccount.js';
