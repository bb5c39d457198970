import type { Messages } from '../catalog';
import type en from '../en/home';

const ta: Messages<typeof en> = {
  welcome: 'வணக்கம், {name}',
  role: 'பங்கு: {role}',
  roleUser: 'வாடிக்கையாளர்',
  roleVendor: 'விற்பனையாளர்',
  roleAdmin: 'நிர்வாகி',
  roleDelivery: 'டெலிவரி',
  logout: 'வெளியேறு',
  announcements: 'அறிவிப்புகள்',
  loadingAnnouncements: 'அறிவிப்புகள் ஏற்றப்படுகின்றன',
  noAnnouncements: 'இப்போது அறிவிப்புகள் எதுவும் இல்லை.',
  showFewer: 'குறைவாகக் காட்டு',
  showAll: 'அனைத்தும் ({n}) காட்டு',
  deliveriesByArea: 'பகுதிவாரியான டெலிவரிகள்',
  area: 'பகுதி',
  chooseArea: 'ஒரு பகுதியைத் தேர்ந்தெடுக்கவும்',
  loadingAreas: 'பகுதிகள் ஏற்றப்படுகின்றன…',
  noSuchArea: 'அப்படி ஒரு பகுதி இல்லை',
  firstDayTitle: 'உங்கள் கடையைத் தயார் செய்யுங்கள்',
  firstDayHint: 'வாடிக்கையாளர்கள் உங்களிடம் வாங்கும் முன் சில படிகள்.',
  stepsDone: '{total}-இல் {done} முடிந்தது',
  stepShop: 'கடையின் பெயர், GSTIN',
  stepUpi: 'பணம் பெற UPI ID',
  stepAreas: 'டெலிவரி பகுதிகள்',
  stepProducts: 'உங்கள் முதல் பொருட்கள்',
  stepDone: 'முடிந்தது',
  chooseAreaHint: 'நிலுவையில் உள்ள ஆர்டர்களைப் பார்க்க ஒரு பகுதியைத் தேர்ந்தெடுக்கவும்.',
};
export default ta;
