// Applies the saved colour theme before the first paint, so that the page never flashes in the
// wrong colours. It runs as a file of its own because the Content Security Policy forbids inline
// scripts. The same rules live in src/features/theme/theme-preference.ts (a test keeps them equal).
/* global window, document */
(function () {
  var mode = null;
  var darkTheme = null;
  try {
    mode = window.localStorage.getItem('music-rooms:color-mode');
    darkTheme = window.localStorage.getItem('music-rooms:dark-theme');
  } catch {
    // Storage can be switched off; the defaults below apply.
  }
  if (mode !== 'light' && mode !== 'dark') mode = 'system';
  if (darkTheme !== 'black') darkTheme = 'dark';
  var systemDark =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = mode === 'dark' || (mode === 'system' && systemDark);
  document.documentElement.setAttribute('data-theme', dark ? darkTheme : 'light');
})();
