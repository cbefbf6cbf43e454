// Layout facts the app's CSS and the server's navigation hints share.

/** The width from which the layout shows the main menu instead of the mobile one (layout.css), and the home carousel. */
export const DESKTOP_QUERY = '(min-width: 60rem)';
