import type { Messages } from '../catalog';
import type en from '../en/profile';

const ta: Messages<typeof en> = {};
export default ta;
