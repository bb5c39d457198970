import type { Messages } from '../catalog';
import type en from '../en/catalog';

const ta: Messages<typeof en> = {};
export default ta;
