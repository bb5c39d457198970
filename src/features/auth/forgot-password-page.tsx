import { ComingSoon } from '../../components/coming-soon';

export default function ForgotPasswordPage() {
  return <ComingSoon title="Forgot Password" />;
}
