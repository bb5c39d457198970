import type { Messages } from '../catalog';
import type en from '../en/admin';

const ta: Messages<typeof en> = {};
export default ta;
