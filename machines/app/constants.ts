// See docs/requirements.md#shell-routes "Route guard delay 300 ms": wait before a guarded route opens the wallet modal.
export const ROUTE_GUARD_DELAY_MS = 300;

// See docs/requirements.md#shell-routes "Menu hover close delay is 300 ms".
export const MENU_CLOSE_DELAY_MS = 300;
