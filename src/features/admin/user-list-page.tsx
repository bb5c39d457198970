import { ComingSoon } from '../../components/coming-soon';

export default function UserListPage() {
  return <ComingSoon title="User Management" />;
}
