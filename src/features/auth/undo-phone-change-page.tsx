import { CodeAndNewPassword } from './reset-password-page';

/** The account's phone was changed without its owner: the old number takes it back (link on the sign-in page). */
export default function UndoPhoneChangePage() {
  return <CodeAndNewPassword kind="undo" />;
}
