import { ComingSoon } from '../../components/coming-soon';

export default function InformationCreatePage() {
  return <ComingSoon title="Create New Information" />;
}
