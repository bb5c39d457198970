import { SmsCodeForm } from '../../components/sms-code-form';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { AuthCard } from './auth-card';
import { verifyRegistration } from './auth-api';

const schema = () => import('../../../core/schemas/user').then((m) => m.verifyRegistrationSchema);

/** Registration step 2: the 6-digit code from the SMS creates the account. */
export function RegisterCodeStep({
  phone,
  message,
  resend,
  back,
  verified,
}: {
  phone: string;
  message: string;
  resend: () => Promise<string | null>;
  back: () => void;
  verified: (res: Awaited<ReturnType<typeof verifyRegistration>>) => void;
}) {
  const t = useT('account');
  const msg = useMsg();
  return (
    <AuthCard title={t('confirmPhoneTitle')} subtitle={t('codeSentTo', { phone })} width={440}>
      <SmsCodeForm
        phone={phone}
        schema={schema}
        message={message}
        verify={(code) => verifyRegistration(phone, code)}
        verified={verified}
        resend={resend}
        back={back}
        backLabel={t('changeDetails')}
        failText={msg.somethingWrong}
        codeLabel={t('registrationCode')}
        testIdPrefix="register"
      />
    </AuthCard>
  );
}
