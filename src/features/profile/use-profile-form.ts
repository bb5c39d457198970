import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { UserDto } from '../../../core/schemas/user';
import { errorMessage } from '../../lib/api';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { type ProfileUpdate, saveProfile } from './profile-api';
import { profileProblems, requestOf, rolesOf, valuesOf } from './profile-values';

const schema = () => import('../../../core/schemas/user').then((m) => m.profileUpdateSchema);

/** A new phone waiting for the code the server texted to it (the other changes are saved). */
export interface PhoneStep {
  phone: string;
  message: string;
  body: ProfileUpdate;
}

/**
 * The Update Profile form: its values checked with the request's schema (profileUpdateSchema) and
 * what the server refuses beyond it (the current password for a phone, password or UPI ID change);
 * the save, and the code step a new phone goes through.
 */
export function useProfileForm(profile: UserDto) {
  const form = useSchemaForm({
    schema,
    initial: () => valuesOf(profile),
    toInput: (v) => requestOf(v, profile),
    check: (v) => profileProblems(v, profile),
  });
  const navigate = useNavigate();
  const fromHome = useSearchParams()[0].get('from') === 'home';
  const updateUser = useSession((s) => s.updateUser);
  const msg = useMsg();
  const [saving, setSaving] = useState(false);
  /** Set when the server texted a code to the new phone: the page then asks for it. */
  const [phoneStep, setPhoneStep] = useState<PhoneStep | null>(null);
  const { vendor, seller } = rolesOf(profile);

  const done = () => {
    notifications.show({ message: msg.profileUpdated, color: 'green' });
    // from Home's first-day checklist: back there, where the step now shows done
    if (fromHome) navigate('/');
    else navigate('/profile', { state: { reload: true } });
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const checked = await form.validate();
    if (!checked.ok) return;
    const body = checked.data;
    setSaving(true);
    try {
      const { profile: saved, phoneCodeMessage } = await saveProfile(body);
      updateUser({
        name: saved?.name ?? body.name,
        email: saved?.email ?? body.email,
        // a new phone counts only once its code is confirmed
        phone: saved?.phone ?? (phoneCodeMessage ? profile.phone : body.phone),
        addresses: saved?.addresses ?? body.addresses,
        ...(vendor ? { gstNumber: saved?.gstNumber ?? body.gstNumber, vendorDetails: saved?.vendorDetails ?? profile.vendorDetails } : {}),
        ...(seller ? { upiId: saved?.upiId ?? body.upiId } : {}),
      });
      if (phoneCodeMessage && body.phone) {
        setPhoneStep({ phone: body.phone, message: phoneCodeMessage, body });
        setSaving(false);
        return;
      }
      done();
    } catch (err) {
      // a refusal about a field (a wrong current password, a password too easy to guess) is said beside it
      if (!form.serverError(err)) notifications.show({ message: errorMessage(err, msg.profileUpdateFailed), color: 'red' });
      setSaving(false);
    }
  }

  return { form, saving, submit, phoneStep, closePhoneStep: () => setPhoneStep(null), done };
}

export type ProfileForm = ReturnType<typeof useProfileForm>['form'];
