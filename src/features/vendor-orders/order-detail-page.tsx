import { ComingSoon } from '../../components/coming-soon';

export default function OrderDetailPage() {
  return <ComingSoon title="Order Details" />;
}
