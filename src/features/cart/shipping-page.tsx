import { ComingSoon } from '../../components/coming-soon';

export default function ShippingPage() {
  return <ComingSoon title="Shipping" />;
}
