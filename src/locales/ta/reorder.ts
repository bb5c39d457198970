import type { Messages } from '../catalog';
import type en from '../en/reorder';

const ta: Messages<typeof en> = {
  title: 'மறு ஆர்டர் பட்டியல்',
  hint: 'மறு ஆர்டர் அளவுக்குக் கீழே உள்ள அல்லது இருப்பு தீர்ந்த பொருட்கள். அளவு, கடந்த 30 நாள் விற்பனையின்படி 14 நாட்களுக்குப் போதுமானது; குறைந்தது இருப்பை மறு ஆர்டர் அளவுக்குக் கொண்டுவரும்.',
  vendor: 'விற்பனையாளர்',
  allVendors: 'எல்லா விற்பனையாளர்களும்',
  loadFailed: 'மறு ஆர்டர் பட்டியலை ஏற்ற முடியவில்லை.',
  empty: 'எதையும் மறு ஆர்டர் செய்யத் தேவையில்லை: எல்லாப் பொருட்களும் மறு ஆர்டர் அளவுக்கு மேல் உள்ளன.',
  stock: 'இருப்பு {n}',
  reorderLevel: 'மறு ஆர்டர் அளவு {n}',
  sold30: '30 நாளில் விற்றது {n}',
  cost: 'அடக்க விலை {price}',
  orderQuantity: 'ஆர்டர் அளவு',
  chooseLine: '{name} ஆர்டர் செய்',
  selectAll: 'அனைத்தையும் தேர்வு செய்',
  chosen: '{total} இல் {n} தேர்வு',
  share: 'வாட்ஸ்அப்பில் பகிர்',
  downloadCsv: 'CSV பதிவிறக்கு',
  noneChosen: 'குறைந்தது ஒரு பொருளைத் தேர்வு செய்யுங்கள்.',
  orderTitle: 'ஆர்டர் பட்டியல்',
  piece: 'எண்',
  pieces: 'எண்',
  csvName: 'பெயர்',
  csvTamil: 'தமிழ்ப் பெயர்',
  csvUnit: 'அலகு',
  csvStock: 'இருப்பு',
  csvReorderLevel: 'மறு ஆர்டர் அளவு',
  csvSold30: '30 நாளில் விற்றது',
  csvQuantity: 'ஆர்டர் அளவு',
  csvCost: 'அடக்க விலை',
};
export default ta;
