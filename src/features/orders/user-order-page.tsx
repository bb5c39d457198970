import { ComingSoon } from '../../components/coming-soon';

export default function UserOrderPage() {
  return <ComingSoon title="Order" />;
}
