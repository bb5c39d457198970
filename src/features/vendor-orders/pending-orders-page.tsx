import { ComingSoon } from '../../components/coming-soon';

export default function PendingOrdersPage() {
  return <ComingSoon title="Pending Orders" />;
}
