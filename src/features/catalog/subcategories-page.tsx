import { ComingSoon } from '../../components/coming-soon';

export default function SubcategoriesPage() {
  return <ComingSoon title="Subcategories" />;
}
