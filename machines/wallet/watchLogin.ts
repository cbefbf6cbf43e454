// Invoke `watchLogin` in a flow that signs its requests with the registered login (the account's likes, the profile
// page): `login.changed` with the login (null: none) once at start and on every change of it. Silent without a session
// (model tests send `login.changed` themselves).
import { registeredLogin, type RegisteredLogin } from './sessionSelectors';
import { watchSession } from './watchSession';

export type LoginChangedEvent = { type: 'login.changed'; credentials: RegisteredLogin | null };

export const watchLogin = watchSession(
  registeredLogin,
  (credentials) => ({ type: 'login.changed', credentials }) satisfies LoginChangedEvent,
);
