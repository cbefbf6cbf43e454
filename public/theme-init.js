/* global localStorage, document */
// Applies the stored theme before first paint (an external file, so a strict script-src CSP allows it).
// The settings actor keeps the 'artbazaar.theme' localStorage mirror in sync with IndexedDB.
(function () {
  var theme = 'light';
  try {
    if (localStorage.getItem('artbazaar.theme') === 'dark') theme = 'dark';
  } catch {
    // Storage blocked: keep the default light theme.
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
