import type { Messages } from '../catalog';
import type en from '../en/auth';

const ta: Messages<typeof en> = {
  phone: 'தொலைபேசி எண்',
  phonePlaceholder: '10 இலக்க மொபைல் எண்',
  password: 'கடவுச்சொல்',
  yourPassword: 'உங்கள் கடவுச்சொல்',
  signIn: 'உள்நுழை',
  signInSubtitle: 'உங்கள் பகுதிக் கடைகளுக்கு மீண்டும் வருக.',
  forgotPasswordLink: 'கடவுச்சொல் மறந்துவிட்டதா?',
  newHere: 'புதியவரா?',
  createAccount: 'புதிய கணக்கு தொடங்கு',
  otherAccountKind: 'இந்தப் பக்கம் வேறு வகைக் கணக்குக்கானது.',
  signInToContinue: 'தொடர உள்நுழையவும்.',
  goToHome: 'முகப்புக்குச் செல்',
  pageNotFound: 'பக்கம் கிடைக்கவில்லை',
  pageNotFoundHint: 'இந்த முகவரியில் செயலியின் பக்கம் எதுவும் இல்லை. முகவரி தவறாகத் தட்டச்சு செய்யப்பட்டிருக்கலாம், அல்லது பக்கம் இடம் மாறியிருக்கலாம்.',
  home: 'முகப்பு',
  search: 'தேடு',
  fetchError: 'இணைப்பு இல்லை. இணையத்தைச் சரிபார்த்து மீண்டும் முயலவும்.',
  timeoutError: 'பதில் வர நேரமாகிறது. சிறிது நேரம் கழித்து மீண்டும் முயலவும்.',
  parsingError: 'சர்வரின் பதிலைப் படிக்க முடியவில்லை. மீண்டும் முயலவும்.',
  undoPhoneChangeLink: 'தொலைபேசி எண் மாற்றத்தைத் திரும்பப் பெறு',
};
export default ta;
