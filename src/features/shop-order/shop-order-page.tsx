import { ComingSoon } from '../../components/coming-soon';

export default function ShopOrderPage() {
  return <ComingSoon title="Create Sales Order" />;
}
