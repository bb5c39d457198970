/** localStorage: "off" when this device's counter does not say UPI payments aloud (src/lib/speak-payments.ts). */
export const SPEAK_PAYMENTS_KEY = 'speak-payments';
