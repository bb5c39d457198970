import { ComingSoon } from '../../components/coming-soon';

export default function UserEditPage() {
  return <ComingSoon title="Edit User Role" />;
}
