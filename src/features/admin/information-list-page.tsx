import { ComingSoon } from '../../components/coming-soon';

export default function InformationListPage() {
  return <ComingSoon title="Information" />;
}
