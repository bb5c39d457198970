import type { Messages } from '../catalog';
import type en from '../en/delivery';

const ta: Messages<typeof en> = {};
export default ta;
