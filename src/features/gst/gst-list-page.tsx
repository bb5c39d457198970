import { ComingSoon } from '../../components/coming-soon';

export default function GstListPage() {
  return <ComingSoon title="GST Records" />;
}
