import type { Messages } from '../catalog';
import type en from '../en/auth';

const ta: Messages<typeof en> = {};
export default ta;
