import type { Messages } from '../catalog';
import type en from '../en/orders';

const ta: Messages<typeof en> = {};
export default ta;
