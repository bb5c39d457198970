import { ComingSoon } from '../../components/coming-soon';

export default function PlaceOrderPage() {
  return <ComingSoon title="Place Order" />;
}
