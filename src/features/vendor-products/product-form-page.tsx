import { ComingSoon } from '../../components/coming-soon';

export default function ProductFormPage() {
  return <ComingSoon title="Product" />;
}
