import { ComingSoon } from '../../components/coming-soon';

export default function ProductListPage() {
  return <ComingSoon title="Products" />;
}
