import type { Messages } from '../catalog';
import type en from '../en/offline';

const ta: Messages<typeof en> = {};
export default ta;
