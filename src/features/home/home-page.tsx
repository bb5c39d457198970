import { ComingSoon } from '../../components/coming-soon';

export default function HomePage() {
  return <ComingSoon title="Home" />;
}
