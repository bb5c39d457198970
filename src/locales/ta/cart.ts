import type { Messages } from '../catalog';
import type en from '../en/cart';

const ta: Messages<typeof en> = {};
export default ta;
