/** English texts of the shared UPI QR code (src/components/upi-qr.tsx), loaded by the routes that show one. */
export default {
  upiScanToPay: 'Scan with any UPI app to pay {amount}',
  upiQrLabel: 'UPI QR code: pay {amount} to {upiId}',
  // how a UPI payment was confirmed (src/components/upi-confirmation.tsx)
  upiConfirmedByProvider: 'UPI confirmed',
  upiConfirmedByHand: 'Confirmed by hand by {name}',
  upiUtr: 'UTR {utr}',
} as const;
