// See docs/requirements.md#likes: liking needs a registered account; otherwise a connect-wallet error shows and the wallet modal opens.
// The seed words this notice only for offers and orders ('Please connect your wallet to place an offer'); ours
// follows that wording for likes.
export const CONNECT_WALLET_TO_LIKE_MESSAGE = 'Please connect your wallet to like this token';

// See docs/requirements.md#likes "Further notices": shown when a like or unlike fails and the count is rolled back.
export const LIKE_FAILED_MESSAGE = "Sorry. There's an error. Please try again later.";

// The live events that change a token's like count (docs/requirements.md#live-events).
export const LIKE_LIVE_EVENTS = ['TokenLiked', 'TokenUnliked', 'TokenUpdated'] as const;
export type LikeLiveEvent = (typeof LIKE_LIVE_EVENTS)[number];
