import type { Messages } from '../catalog';
import type en from '../en/day-close';

const ta: Messages<typeof en> = {};
export default ta;
