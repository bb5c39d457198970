import { ComingSoon } from '../../components/coming-soon';

export default function Gstr1Page() {
  return <ComingSoon title="GSTR-1 Report" />;
}
