import type { Messages } from '../catalog';
import type en from '../en/vendor-orders';

const ta: Messages<typeof en> = {};
export default ta;
