import { GSTIN_TEXT } from './gstin';
import { MSG } from './messages';
import { MSG_TA } from './messages-ta';

/*
 * Every text the server sends, in Tamil (server/plugins/i18n.ts answers by Accept-Language). Kept apart from
 * MSG_TA, which the web loads on its first screen in Tamil: these patterns are for the server only.
 */

/** Tamil names of order statuses and units inside server texts (the values themselves stay English in the API). */
const STATUS_TA: Readonly<Record<string, string>> = { Pending: 'நிலுவையில்', Delivered: 'டெலிவரி ஆனது' };
const UNIT_TA: Readonly<Record<string, string>> = {
  pieces: 'எண்ணிக்கை',
  pcs: 'எண்ணிக்கை',
  g: 'கிராம்',
  ml: 'மி.லி.',
  dozen: 'டஜன்',
  bunch: 'கட்டு',
  kg: 'கிலோ',
  l: 'லிட்டர்',
  metre: 'மீட்டர்',
};
const unitTa = (unit: string) => UNIT_TA[unit] ?? unit;
const nameTa = (name: string) => (name === 'This product' ? 'இந்தப் பொருள்' : name);

/**
 * Server and rule texts in Tamil, by their exact English text ("field: text" keeps its field name).
 * Texts with values (a product name, a count) are matched by pattern.
 */
export const TEXTS_TA: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(MSG).flatMap(([k, en]) => {
      const ta = (MSG_TA as Record<string, unknown>)[k];
      return typeof en === 'string' && typeof ta === 'string' ? [[en, ta]] : [];
    }),
  ),
  // orders (core/order-rules.ts ORDER_TEXT, ORDER_STATUS_TEXT, sale time)
  'Prices have changed. Please review your cart.': 'விலைகள் மாறியுள்ளன. உங்கள் கூடையைச் சரிபார்க்கவும்.',
  'A product in your cart is no longer available. Please review your cart.':
    'உங்கள் கூடையில் உள்ள ஒரு பொருள் இப்போது கிடைக்கவில்லை. கூடையைச் சரிபார்க்கவும்.',
  'Product not found': 'பொருள் கிடைக்கவில்லை',
  'Please choose a delivery area from the list.': 'பட்டியலிலிருந்து டெலிவரி பகுதியைத் தேர்ந்தெடுக்கவும்.',
  'Only customers can place orders. Use Create sales order for a shop sale.':
    'வாடிக்கையாளர்கள் மட்டுமே ஆர்டர் செய்ய முடியும். கடையில் நடந்த விற்பனைக்கு "புதிய விற்பனை" பக்கத்தைப் பயன்படுத்தவும்.',
  'Only vendors and admins can record shop sales.': 'விற்பனையாளர்களும் நிர்வாகிகளும் மட்டுமே கடை விற்பனையைப் பதிவு செய்ய முடியும்.',
  'An order with this id already exists': 'இந்த அடையாள எண்ணுடன் ஒரு ஆர்டர் ஏற்கனவே உள்ளது',
  'This order is already delivered. A delivered order cannot be changed.':
    'இந்த ஆர்டர் ஏற்கனவே டெலிவரி ஆகிவிட்டது. டெலிவரி ஆன ஆர்டரை மாற்ற முடியாது.',
  'A sale handed over at the counter is paid: choose how it was paid, or mark it to deliver later':
    'கடையிலேயே கொடுத்த விற்பனைக்குப் பணம் பெற்றிருக்க வேண்டும்: எப்படிப் பணம் செலுத்தப்பட்டது எனத் தேர்ந்தெடுக்கவும், அல்லது பின்னர் டெலிவரி செய்ய எனக் குறிக்கவும்',
  'Only pending orders can be deleted': 'நிலுவையில் உள்ள ஆர்டர்களை மட்டுமே நீக்க முடியும்',
  'Order status updated.': 'ஆர்டர் நிலை மாற்றப்பட்டது.',
  'Invalid sale time': 'விற்பனை நேரம் தவறானது',
  'Sale time cannot be in the future': 'விற்பனை நேரம் எதிர்காலத்தில் இருக்க முடியாது',
  'Sale time is more than 30 days old': 'விற்பனை நேரம் 30 நாட்களுக்கு மேல் பழையது',
  'Start date must not be after end date': 'தொடக்கத் தேதி முடிவுத் தேதிக்குப் பின் இருக்கக்கூடாது',
  // GSTIN (core/gstin.ts)
  [GSTIN_TEXT.format]: 'சரியான 15 எழுத்து GSTIN-ஐ உள்ளிடவும், எ.கா. 33AABCM1234F1Z4',
  [GSTIN_TEXT.state]: 'தமிழ்நாட்டு GSTIN 33 என்று தொடங்கும்',
  [GSTIN_TEXT.check]: 'இந்த GSTIN-இல் தட்டச்சுப் பிழை உள்ளது (கடைசி எழுத்து பொருந்தவில்லை)',
  // quantities and stock (core/units.ts)
  'Quantity must be more than 0': 'அளவு 0-க்கு மேல் இருக்க வேண்டும்',
  'Quantity can have at most 3 decimals': 'அளவில் அதிகபட்சம் 3 தசம இடங்கள் இருக்கலாம்',
  'Quantity can be at most 1000': 'அளவு அதிகபட்சம் 1000 வரை இருக்கலாம்',
  'Stock must be 0 or more': 'இருப்பு 0 அல்லது அதற்கு மேல் இருக்க வேண்டும்',
  'Stock can have at most 3 decimals': 'இருப்பில் அதிகபட்சம் 3 தசம இடங்கள் இருக்கலாம்',
  // products, reviews, images
  'Discount cannot be more than the shop price': 'தள்ளுபடி கடை விலையை விட அதிகமாக இருக்கக்கூடாது',
  'Invalid image URL': 'படத்தின் இணைப்பு (URL) தவறானது',
  'Choose a valid vendor': 'சரியான விற்பனையாளரைத் தேர்ந்தெடுக்கவும்',
  'Product deleted successfully': 'பொருள் நீக்கப்பட்டது',
  'At least one image is required': 'குறைந்தது ஒரு படமாவது சேர்க்கவும்',
  'Rating must be 1 to 5': 'மதிப்பீடு 1 முதல் 5 வரை இருக்க வேண்டும்',
  'Review added': 'உங்கள் மதிப்புரை சேர்க்கப்பட்டது',
  'Review updated': 'உங்கள் மதிப்புரை புதுப்பிக்கப்பட்டது',
  'Image is larger than 5 MB': 'படம் 5 MB-ஐ விடப் பெரியது',
  'Only JPEG, PNG or WebP images are allowed': 'JPEG, PNG அல்லது WebP படங்கள் மட்டுமே ஏற்கப்படும்',
  'Upload one image at a time': 'ஒரு நேரத்தில் ஒரு படத்தை மட்டும் பதிவேற்றவும்',
  'Too many form fields in the upload': 'பதிவேற்றத்தில் படிவப் புலங்கள் அதிகமாக உள்ளன',
  'Image not found': 'படம் கிடைக்கவில்லை',
  'You have too many uploaded images that no product uses yet (at most 200 images or 200 MB). Save your products first: unused images are removed after 24 hours.':
    'எந்தப் பொருளிலும் சேர்க்காத படங்கள் அதிகமாக உள்ளன (அதிகபட்சம் 200 படங்கள் அல்லது 200 MB). முதலில் உங்கள் பொருட்களைச் சேமிக்கவும்: பயன்படுத்தாத படங்கள் 24 மணி நேரத்தில் நீக்கப்படும்.',
  'This account has reached its image storage limit (2000 images or 2 GB). Please contact an admin.':
    'இந்தக் கணக்கின் படச் சேமிப்பு வரம்பு (2000 படங்கள் அல்லது 2 GB) நிறைந்துவிட்டது. நிர்வாகியைத் தொடர்புகொள்ளவும்.',
  'The barcode check digit is wrong: scan or type it again': 'பார்கோடின் சரிபார்ப்பு இலக்கம் தவறு: மீண்டும் ஸ்கேன் செய்யவும் அல்லது சரியாக உள்ளிடவும்',
  'Another of your products has this barcode': 'உங்கள் மற்றொரு பொருளில் இந்தப் பார்கோடு ஏற்கனவே உள்ளது',
  // categories
  'This category still has products. Move or delete them first.':
    'இந்த வகையில் இன்னும் பொருட்கள் உள்ளன. முதலில் அவற்றை வேறு வகைக்கு மாற்றவும் அல்லது நீக்கவும்.',
  'Category deleted successfully': 'வகை நீக்கப்பட்டது',
  'Name is required': 'பெயரை உள்ளிடவும்',
  // GST and reports
  'CGST + SGST must equal the GST rate': 'CGST + SGST ஜிஎஸ்டி விகிதத்துக்குச் சமமாக இருக்க வேண்டும்',
  'IGST must equal the GST rate': 'IGST ஜிஎஸ்டி விகிதத்துக்குச் சமமாக இருக்க வேண்டும்',
  'Choose a valid GST rate': 'சரியான ஜிஎஸ்டி விகிதத்தைத் தேர்ந்தெடுக்கவும்',
  'A GST record with this name already exists': 'இந்தப் பெயரில் ஒரு ஜிஎஸ்டி விகிதம் ஏற்கனவே உள்ளது',
  'GST record not found': 'ஜிஎஸ்டி விகிதம் கிடைக்கவில்லை',
  'GST record is used by products, so it was deactivated': 'இந்த ஜிஎஸ்டி விகிதம் பொருட்களில் பயன்பாட்டில் உள்ளதால், நிறுத்தி வைக்கப்பட்டது',
  'GST record deleted': 'ஜிஎஸ்டி விகிதம் நீக்கப்பட்டது',
  'Rates must be numbers from 0 to 100': 'விகிதங்கள் 0 முதல் 100 வரையிலான எண்களாக இருக்க வேண்டும்',
  'HSN code must be up to 8 digits': 'HSN குறியீட்டில் அதிகபட்சம் 8 இலக்கங்கள் இருக்கலாம்',
  'Dates must be YYYY-MM-DD': 'தேதிகள் YYYY-MM-DD வடிவில் இருக்க வேண்டும்',
  'End date must be on or after the start date': 'முடிவுத் தேதி தொடக்கத் தேதியாகவோ அதற்குப் பிறகோ இருக்க வேண்டும்',
  'Choose a period of at most one year': 'அதிகபட்சம் ஓர் ஆண்டுக் காலத்தைத் தேர்ந்தெடுக்கவும்',
  'Vendors can only see their own sales': 'விற்பனையாளர்கள் தங்கள் விற்பனையை மட்டுமே பார்க்க முடியும்',
  'Choose a vendor': 'ஒரு விற்பனையாளரைத் தேர்ந்தெடுக்கவும்',
  'Vendor not found': 'விற்பனையாளர் கிடைக்கவில்லை',
  // users and accounts
  'User not found': 'பயனர் கிடைக்கவில்லை',
  'This vendor has orders; set the vendor inactive instead of deleting':
    'இந்த விற்பனையாளருக்கு ஆர்டர்கள் உள்ளன; நீக்குவதற்குப் பதிலாக விற்பனையாளரைச் செயலற்றவராக மாற்றவும்',
  'Choose an area from the list': 'பட்டியலிலிருந்து ஒரு பகுதியைத் தேர்ந்தெடுக்கவும்',
  'Password must be at least 6 characters': 'கடவுச்சொல்லில் குறைந்தது 6 எழுத்துகள் இருக்க வேண்டும்',
  'Enter the 6-digit code': '6 இலக்கக் குறியீட்டை உள்ளிடவும்',
  'Enter a valid email': 'சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்',
  'Invoice prefix: 1 to 6 capital letters or digits': 'பில் எண் முன்னொட்டு: 1 முதல் 6 வரை ஆங்கிலப் பெரிய எழுத்துகள் அல்லது இலக்கங்கள்',
  'Role must be admin, user, vendor or delivery': 'பொறுப்பு admin, user, vendor அல்லது delivery ஆக இருக்க வேண்டும்',
  'Enter a UPI ID like name@bank': 'name@bank போன்ற யுபிஐ ஐடியை உள்ளிடவும்',
  'Language must be en or ta': 'மொழி en அல்லது ta ஆக இருக்க வேண்டும்',
  // informations
  'Information not found': 'அறிவிப்பு கிடைக்கவில்லை',
  'Information deleted': 'அறிவிப்பு நீக்கப்பட்டது',
  'Information is required': 'அறிவிப்பை உள்ளிடவும்',
  // orders input
  'Status must be Pending or Delivered': 'நிலை Pending அல்லது Delivered ஆக இருக்க வேண்டும்',
  'Area is required': 'பகுதியைத் தேர்ந்தெடுக்கவும்',
  // common inputs and the server itself
  'Invalid id': 'தவறான அடையாள எண்',
  'Dates must be real days from 2000-01-01 to 2100-12-31 (YYYY-MM-DD)':
    'தேதிகள் 2000-01-01 முதல் 2100-12-31 வரையிலான சரியான நாட்களாக இருக்க வேண்டும் (YYYY-MM-DD)',
  'Must be a date and time from 2000 to 2100 (ISO 8601 with a time zone)':
    '2000 முதல் 2100 வரையிலான தேதியும் நேரமும் வேண்டும் (நேர மண்டலத்துடன் ISO 8601)',
  'Text must not contain NUL characters or broken Unicode': 'உரையில் NUL எழுத்துகளோ உடைந்த யூனிகோடோ இருக்கக்கூடாது',
  'Idempotency-Key must be 1 to 255 visible characters': 'Idempotency-Key 1 முதல் 255 வரை தெரியும் எழுத்துகளாக இருக்க வேண்டும்',
  'This Idempotency-Key was already used with a different request': 'இந்த Idempotency-Key ஏற்கனவே வேறொரு கோரிக்கைக்குப் பயன்படுத்தப்பட்டது',
  'A request with this Idempotency-Key is still being processed; retry shortly':
    'இந்த Idempotency-Key கொண்ட கோரிக்கை இன்னும் செயலில் உள்ளது; சிறிது நேரத்தில் மீண்டும் முயலவும்',
  'Internal server error': 'சர்வரில் பிழை ஏற்பட்டது',
  'Request body is too large': 'அனுப்பிய விவரங்கள் மிகப் பெரியவை',
  'Unsupported Media Type': 'இந்த வகை உள்ளடக்கம் ஏற்கப்படாது',
  'Request body size did not match Content-Length': 'அனுப்பிய விவரங்கள் முழுமையாக வரவில்லை',
  "Body cannot be empty when content-type is set to 'application/json'": 'அனுப்பிய விவரங்கள் காலியாக உள்ளன',
  "Body is not valid JSON but content-type is set to 'application/json'": 'அனுப்பிய விவரங்கள் சரியான JSON வடிவில் இல்லை',
  'Invalid input: more than one option matched': 'தவறான உள்ளீடு',
};

type Replacement = string | ((match: string, ...groups: string[]) => string);

const ZOD_FORMATS: Readonly<Record<string, string>> = {
  UUID: 'அடையாள எண்',
  'email address': 'மின்னஞ்சல் முகவரி',
  URL: 'இணைப்பு (URL)',
  'ISO datetime': 'தேதி-நேரம்',
  'ISO date': 'தேதி',
  input: 'உள்ளீடு',
};
const ZOD_TYPES: Readonly<Record<string, string>> = {
  string: 'உரை',
  number: 'எண்',
  boolean: 'true/false',
  object: 'விவரங்கள்',
  array: 'பட்டியல்',
  undefined: 'எதுவும் இல்லை',
  null: 'எதுவும் இல்லை',
};
const zodType = (t: string) => ZOD_TYPES[t] ?? t;
const SIZE_UNITS: Readonly<Record<string, string>> = { characters: 'எழுத்துகள்', items: 'உருப்படிகள்', entries: 'உருப்படிகள்', bytes: 'பைட்டுகள்' };

/** "<=100" -> "அதிகபட்சம் 100", ">=1" -> "குறைந்தது 1", ">0" -> "0-க்கு மேல்". */
function bound(adj: string, n: string): string {
  if (adj === '<=') return `அதிகபட்சம் ${n}`;
  if (adj === '>=') return `குறைந்தது ${n}`;
  if (adj === '<') return `${n}-க்குக் குறைவாக`;
  if (adj === '>') return `${n}-க்கு மேல்`;
  return `சரியாக ${n}`;
}

/** Texts with values, in the order they are tried. */
export const PATTERNS_TA: ReadonlyArray<readonly [RegExp, Replacement]> = [
  [/^Not enough stock for (.+)$/s, 'போதுமான இருப்பு இல்லை: $1'],
  [/^(.+) is no longer available\. Please remove it from your cart\.$/s, '$1 இப்போது கிடைக்கவில்லை. அதை உங்கள் கூடையிலிருந்து நீக்கவும்.'],
  [
    /^The shop selling (.+) does not deliver to (.+)\. Please remove it from your cart\.$/s,
    '$1 விற்கும் கடை $2 பகுதிக்கு டெலிவரி செய்வதில்லை. அதை உங்கள் கூடையிலிருந்து நீக்கவும்.',
  ],
  [
    /^"(.*)" is not a delivery area\. Choose areas from the list\.$/s,
    '"$1" என்ற டெலிவரி பகுதி இல்லை. பட்டியலிலிருந்து பகுதிகளைத் தேர்ந்தெடுக்கவும்.',
  ],
  [
    /^An order cannot go from (.+) to (.+)\.$/s,
    (_m, from, to) => `ஆர்டரை ${STATUS_TA[from] ?? from} நிலையிலிருந்து ${STATUS_TA[to] ?? to} நிலைக்கு மாற்ற முடியாது.`,
  ],
  [
    /^(.+) is sold in whole (.+): enter a whole quantity$/s,
    (_m, name, unit) =>
      `${nameTa(name)} ${unit === 'pieces' ? 'முழு எண்ணிக்கையில்' : `முழு ${unitTa(unit)} கணக்கில்`} மட்டுமே விற்கப்படுகிறது: முழு எண்ணில் அளவை உள்ளிடவும்`,
  ],
  [
    /^Stock of a product sold in (.+) must be a whole number$/s,
    (_m, unit) => `${unitTa(unit)} கணக்கில் விற்கப்படும் பொருளின் இருப்பு முழு எண்ணாக இருக்க வேண்டும்`,
  ],
  [/^A category named "(.*)" already exists$/s, '"$1" என்ற பெயரில் ஒரு வகை ஏற்கனவே உள்ளது'],
  [/^Subcategory "(.*)" is listed more than once$/s, '"$1" என்ற துணை வகை ஒன்றுக்கு மேல் உள்ளது'],
  [
    /^Subcategory "(.*)" still has products\. Move or delete them first\.$/s,
    '"$1" துணை வகையில் இன்னும் பொருட்கள் உள்ளன. முதலில் அவற்றை வேறு வகைக்கு மாற்றவும் அல்லது நீக்கவும்.',
  ],
  [/^Subcategory "(.*)" does not belong to category "(.*)"$/s, '"$1" என்ற துணை வகை "$2" வகையில் இல்லை'],
  [/^(\w+) must be true or false$/s, '$1 true அல்லது false ஆக இருக்க வேண்டும்'],
  [
    /^A barcode is up to (\d+) letters, digits or signs, without spaces$/s,
    'பார்கோடில் இடைவெளி இல்லாமல் அதிகபட்சம் $1 எழுத்துகள், இலக்கங்கள் அல்லது குறியீடுகள் இருக்கலாம்',
  ],
  [/^Unit must be one of (.+)$/s, 'அலகு இவற்றில் ஒன்றாக இருக்க வேண்டும்: $1'],
  [/^Payment status must be (.+)$/s, (_m, list) => `பணம் செலுத்திய நிலை ${list.replace(/ or /g, ' அல்லது ')} ஆக இருக்க வேண்டும்`],
  [/^Payment method must be (.+)$/s, 'பணம் செலுத்தும் முறை இவற்றில் ஒன்றாக இருக்க வேண்டும்: $1'],
  [/^No pending orders found for (.+)\.$/s, (_m, area) => MSG_TA.noPendingOrdersFor(area)],
  [/^Unsupported Media Type: (.*)$/s, 'இந்த வகை உள்ளடக்கம் ஏற்கப்படாது: $1'],
  // zod's own texts (a schema without a message of ours)
  [/^Invalid input: expected (\S+), received (\S+)$/s, (_m, want, got) => `தவறான உள்ளீடு: ${zodType(want)} வேண்டும், ${zodType(got)} வந்தது`],
  [/^Invalid input: expected (.+)$/s, 'தவறான உள்ளீடு: $1 வேண்டும்'],
  [/^Invalid option: expected one of (.+)$/s, 'தவறான தேர்வு: இவற்றில் ஒன்று வேண்டும்: $1'],
  [
    /^Too (big|small): expected \S+ to have (<=|>=|<|>|exactly )(\S+) (\S+)$/s,
    (_m, _dir, adj, n, unit) => `${bound(adj.trim(), n)} ${SIZE_UNITS[unit] ?? unit} இருக்க வேண்டும்`,
  ],
  [/^Too (big|small): expected \S+ to be (<=|>=|<|>|exactly )(\S+)$/s, (_m, _dir, adj, n) => `மதிப்பு ${bound(adj.trim(), n)} இருக்க வேண்டும்`],
  [/^Invalid string: must .*$/s, 'தவறான வடிவம்'],
  [/^Invalid number: must be a multiple of (\S+)$/s, '$1-இன் மடங்காக இருக்க வேண்டும்'],
  [/^Unrecognized keys?: (.+)$/s, 'தெரியாத புலங்கள்: $1'],
  [/^Invalid (UUID|email address|URL|ISO datetime|ISO date|input)$/s, (_m, what) => `தவறான ${ZOD_FORMATS[what] ?? what}`],
  [/^Invalid (key|value) in (\S+)$/s, 'தவறான உள்ளீடு'],
];

/** A message in Tamil when one is known, else the English text unchanged. */
export function toTamil(text: string): string {
  const exact = TEXTS_TA[text];
  if (exact) return exact;
  for (const [re, ta] of PATTERNS_TA) {
    if (re.test(text)) return typeof ta === 'string' ? text.replace(re, ta) : text.replace(re, ta);
  }
  const colon = text.indexOf(': ');
  if (colon > 0 && !text.slice(0, colon).includes(' ')) {
    const rest = toTamil(text.slice(colon + 2));
    if (rest !== text.slice(colon + 2)) return `${text.slice(0, colon)}: ${rest}`;
  }
  return text;
}
