import { ComingSoon } from '../../components/coming-soon';

export default function CategoryListPage() {
  return <ComingSoon title="Category List" />;
}
