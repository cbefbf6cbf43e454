// Seed 000 §4/§9: a stored API key counts as valid until 2 minutes before its expiry.
export const API_KEY_REFRESH_MARGIN_MS = 120000;
