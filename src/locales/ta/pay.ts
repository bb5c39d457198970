import type { Messages } from '../catalog';
import type en from '../en/pay';

const ta: Messages<typeof en> = {
  title: '{shop} கடைக்குப் பணம் செலுத்துங்கள்',
  amountDue: 'நிலுவைத் தொகை',
  payWithUpi: 'யுபிஐ மூலம் செலுத்துங்கள்',
  scanOrTap: 'இந்த போனில் பொத்தானைத் தட்டுங்கள், அல்லது வேறு போனின் யுபிஐ செயலியில் QR குறியீட்டை ஸ்கேன் செய்யுங்கள்.',
  validUntil: 'இந்த இணைப்பு {date} வரை செல்லும்.',
  loadFailed: 'பணம் செலுத்தும் விவரங்களை ஏற்ற முடியவில்லை.',
};
export default ta;
