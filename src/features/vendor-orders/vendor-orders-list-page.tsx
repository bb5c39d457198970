import { ComingSoon } from '../../components/coming-soon';

export default function VendorOrdersListPage() {
  return <ComingSoon title="Vendor Orders" />;
}
