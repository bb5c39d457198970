import { useNavigate } from 'react-router-dom';
import { useSession } from '../stores/session';
import { api } from './api';

/** Logout calls the server, clears the session and goes to / (SPEC §2). */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('users/logout');
    } catch {
      // the session is cleared locally whatever the server says (it may be offline)
    }
    useSession.getState().clear();
    navigate('/', { replace: true });
  };
}
