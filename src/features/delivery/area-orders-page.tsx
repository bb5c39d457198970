import { ComingSoon } from '../../components/coming-soon';

export default function AreaOrdersPage() {
  return <ComingSoon title="Pending Orders" />;
}
