import type { Messages } from '../catalog';
import type en from '../en/shop-order';

const ta: Messages<typeof en> = {};
export default ta;
