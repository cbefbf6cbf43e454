// The seed's messages for the shared rules, verbatim, to be read against the specification (docs/requirements.md) line by line. Every zod issue
// in domain/ carries one of these (or an area's own message, defined beside its rule where the seed shows no
// text), so the client shows and the server answers exactly this text.

// The shared validation messages (docs/requirements.md#validation, #comments, #trading-offers).
export const REQUIRED_FIELD_MESSAGE = 'Required Field';
export const INVALID_EMAIL_MESSAGE = 'Invalid email';
export const ENTER_VALID_EMAIL_MESSAGE = 'Enter a valid email address';
export const ENTER_VALID_URL_MESSAGE = 'Enter a valid URL';
export const HASH_AMPERSAND_MESSAGE = 'Special Character # and & not allowed';
export const INVALID_DESCRIPTION_MESSAGE = 'Invalid input. Please use only alphanumeric characters and basic punctuation.';
export const MINIMUM_PRICE_MESSAGE = 'Minimum allowed price is 0.0001';
export const COMMENT_EMPTY_MESSAGE = 'Comment cannot be empty';
export const REPLY_EMPTY_MESSAGE = 'Reply cannot be empty';
export const SELLER_CANNOT_ORDER_MESSAGE = 'Sorry. Order cannot be placed as you are the seller';
export const FILE_NAME_MESSAGE = 'File Upload Failed. Remove special characters from filename';

// docs/requirements.md#wallet-session and #trading-offers: the notices the trading rules answer with.
export const ACCOUNT_BANNED_MESSAGE = 'This account is banned';
export const CONNECT_WALLET_FOR_OFFER_MESSAGE = 'Please connect your wallet to place an offer';
export const CONNECT_WALLET_FOR_ORDER_MESSAGE = 'Please connect your wallet to place the order';

// The server's answer to a request it failed on (server/http/errors.ts), which the client also shows when an answer
// does not read as its contract (src/services/contracts.ts): to the user, both are the server failing.
export const SERVER_FAILURE_MESSAGE = 'Something went wrong on the server.';
