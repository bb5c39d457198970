/** localStorage: the install hint has been shown on this device (dismissed, or the app installed): never again. */
export const INSTALL_HINT_KEY = 'install-hint';
