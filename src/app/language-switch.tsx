import { Button } from '@mantine/core';
import { setLanguage, useLanguage, useT } from '../lib/i18n';
import { saveLanguageToProfile } from '../data/language-profile';

/** The header's language switch, on every page (sign-in included): shows the other language's name in its own script. */
export function LanguageSwitch() {
  const lang = useLanguage();
  const t = useT('common');
  const next = lang === 'ta' ? 'en' : 'ta';
  return (
    <Button
      variant="subtle"
      color="white"
      c="white"
      px={6}
      size="compact-sm"
      miw={44}
      h={44}
      lang={next}
      aria-label={t(next === 'ta' ? 'switchToTamil' : 'switchToEnglish')}
      data-testid="language-switch"
      onClick={() => void setLanguage(next).then(() => saveLanguageToProfile(next))}
    >
      {next === 'ta' ? (
        // "தமிழ்" drawn as a picture (public/lang-ta.svg, shaped from Noto Sans Tamil): English pages need no Tamil font
        <img src="/lang-ta.svg" alt="" width={39} height={16} style={{ display: 'block' }} />
      ) : (
        'EN'
      )}
    </Button>
  );
}
