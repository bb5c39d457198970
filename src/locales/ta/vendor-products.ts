import type { Messages } from '../catalog';
import type en from '../en/vendor-products';

const ta: Messages<typeof en> = {};
export default ta;
