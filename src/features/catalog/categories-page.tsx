import { ComingSoon } from '../../components/coming-soon';

export default function CategoriesPage() {
  return <ComingSoon title="Choose a Category" />;
}
