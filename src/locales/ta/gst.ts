import type { Messages } from '../catalog';
import type en from '../en/gst';

const ta: Messages<typeof en> = {};
export default ta;
