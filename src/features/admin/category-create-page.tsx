import { ComingSoon } from '../../components/coming-soon';

export default function CategoryCreatePage() {
  return <ComingSoon title="Create Category" />;
}
