import type { Messages } from '../catalog';
import type en from '../en/upi-qr';

const ta: Messages<typeof en> = {
  upiScanToPay: 'எந்த யுபிஐ செயலியிலும் ஸ்கேன் செய்து {amount} செலுத்துங்கள்',
  upiQrLabel: 'யுபிஐ QR குறியீடு: {upiId}-க்கு {amount} செலுத்த',
  upiConfirmedByProvider: 'யுபிஐ பணம் உறுதியானது',
  upiConfirmedByHand: '{name} கையால் உறுதிசெய்தார்',
  upiUtr: 'UTR {utr}',
};
export default ta;
