import { ComingSoon } from '../../components/coming-soon';

export default function UnauthorizedPage() {
  return <ComingSoon title="Access Denied" />;
}
