import { ComingSoon } from '../../components/coming-soon';

export default function SignInPage() {
  return <ComingSoon title="Sign In" />;
}
