import type en from '../en/expiry';
import type { Messages } from '../catalog';

/** Tamil texts of the "Expiring soon" list of batches. */
const ta: Messages<typeof en> = {
  title: 'விரைவில் காலாவதி',
  hint: 'தேர்ந்த நாட்களுக்குள் காலாவதியாகும் இருப்புள்ள தொகுதிகளும் ஏற்கனவே காலாவதியானவையும், அடக்க விலையில் மதிப்பிடப்பட்டவை. இனி விற்க முடியாதவற்றைக் கழிக்கவும்.',
  withinDays: '{n} நாள்',
  loadFailed: 'விரைவில் காலாவதியாகும் தொகுதிகளை ஏற்ற முடியவில்லை.',
  empty: '{n} நாட்களுக்குள் இருப்புள்ள எந்தத் தொகுதியும் காலாவதியாகவில்லை.',
  batch: 'தொகுதி {number}',
  expiresOn: 'காலாவதி {date}',
  expiredOn: 'காலாவதியானது {date}',
  stock: 'இருப்பு {n}',
  cost: 'அடக்கம் {price}',
  noCost: 'அடக்க விலை தெரியாது',
  choose: '{name}, தொகுதி {number} தேர்வு',
  selectAll: 'அனைத்தும் தேர்வு',
  chosen: '{total} இல் {n} தேர்வு',
  totalBatches: 'தொகுதிகள்',
  totalExpired: 'காலாவதி',
  totalValue: 'அடக்க மதிப்பு',
  writeOff: 'கழி',
  writeOffChosen: 'தேர்ந்த {n} ஐக் கழி',
  confirmText: '{n} தொகுதிகளின் இருப்பு காலாவதியானதாக இருப்பிலிருந்து நீங்கும். தொடரவா?',
  writtenOff: '{n} தொகுதிகள் கழிக்கப்பட்டன',
  writeOffFailed: 'தொகுதிகளைக் கழிக்க முடியவில்லை.',
};
export default ta;
