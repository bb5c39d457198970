import { ComingSoon } from '../../components/coming-soon';

export default function ToggleVendorsPage() {
  return <ComingSoon title="Toggle Vendor Status" />;
}
