import { ComingSoon } from '../../components/coming-soon';

export default function OrdersSummaryPage() {
  return <ComingSoon title="Orders Summary" />;
}
