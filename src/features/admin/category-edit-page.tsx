import { ComingSoon } from '../../components/coming-soon';

export default function CategoryEditPage() {
  return <ComingSoon title="Edit Category" />;
}
