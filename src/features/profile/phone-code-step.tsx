import { Card, Stack, Text, Title } from '@mantine/core';
import type { UserDto } from '../../../core/schemas/user';
import { SmsCodeForm } from '../../components/sms-code-form';
import { useT } from '../../lib/i18n';
import { useMsg } from '../../lib/messages';
import { useSession } from '../../stores/session';
import { saveProfile, verifyPhone } from './profile-api';
import type { PhoneStep } from './use-profile-form';

const schema = () => import('../../../core/schemas/user').then((m) => m.verifyPhoneSchema);

/** A new phone: the 6-digit code sent to it confirms the change (the other fields are saved already). */
export function PhoneCodeStep({ step, back, done }: { step: PhoneStep; back: () => void; done: () => void }) {
  const t = useT('profile');
  const msg = useMsg();
  const updateUser = useSession((s) => s.updateUser);
  const { phone, message, body } = step;
  // asks again without the new password: it is saved already, and is now the current one
  const resend = async () =>
    (await saveProfile({ ...body, password: undefined, currentPassword: body.password || body.currentPassword })).phoneCodeMessage ?? null;
  const verified = (saved: UserDto) => {
    updateUser({ phone: saved?.phone ?? phone });
    done();
  };
  return (
    <Stack maw={440} mx="auto" gap="md">
      <Title order={2}>{t('confirmNewPhone')}</Title>
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('newPhoneCodeSent', { phone })}
          </Text>
          <SmsCodeForm
            phone={phone}
            schema={schema}
            message={message}
            verify={(code) => verifyPhone(phone, code)}
            verified={verified}
            resend={resend}
            back={back}
            backLabel={t('changeNumber')}
            failText={msg.profileUpdateFailed}
            codeLabel={t('phoneCode')}
            testIdPrefix="phone"
          />
        </Stack>
      </Card>
    </Stack>
  );
}
