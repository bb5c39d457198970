import { ComingSoon } from '../../components/coming-soon';

export default function ProductSearchPage() {
  return <ComingSoon title="Product Search" />;
}
