import { ComingSoon } from '../../components/coming-soon';

export default function UpdateProfilePage() {
  return <ComingSoon title="Update Profile" />;
}
