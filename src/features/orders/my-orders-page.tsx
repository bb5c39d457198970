import { ComingSoon } from '../../components/coming-soon';

export default function MyOrdersPage() {
  return <ComingSoon title="My Orders" />;
}
