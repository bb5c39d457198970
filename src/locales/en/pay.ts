/** English texts of the public payment page (/pay/:token). */
export default {
  title: 'Pay {shop}',
  amountDue: 'Amount due',
  payWithUpi: 'Pay with a UPI app',
  scanOrTap: 'Tap the button on this phone, or scan the QR code with a UPI app on another phone.',
  validUntil: 'This link works until {date}.',
  loadFailed: 'Could not load the payment details.',
} as const;
