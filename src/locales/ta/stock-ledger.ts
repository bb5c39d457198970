import type { Messages } from '../catalog';
import type en from '../en/stock-ledger';

const ta: Messages<typeof en> = {
  stockMovements: 'இருப்பு நகர்வுகள்',
  recentMovements: 'சமீபத்திய இருப்பு நகர்வுகள்',
  noMovements: 'இன்னும் இருப்பு நகர்வுகள் இல்லை',
  movementWhen: 'தேதியும் நேரமும்',
  movementKind: 'என்ன',
  movementQuantity: 'மாற்றம்',
  movementBalance: 'பிறகு இருப்பு',
  stockAfter: 'பிறகு இருப்பு: {n}',
  movementRef: 'குறிப்பு',
  movementBy: 'யார்',
  kind_opening: 'தொடக்க இருப்பு',
  kind_sale: 'கடை விற்பனை',
  kind_order: 'வாடிக்கையாளர் ஆர்டர்',
  kind_order_deleted: 'ஆர்டர் நீக்கப்பட்டது',
  kind_sale_voided: 'விற்பனை ரத்து',
  kind_purchase: 'கொள்முதல்',
  kind_purchase_cancelled: 'கொள்முதல் ரத்து',
  kind_purchase_return: 'விநியோகஸ்தருக்குத் திருப்பியது',
  kind_adjustment: 'இருப்புத் திருத்தம்',
  kind_import: 'இறக்குமதி',
  kind_product_edit: 'பொருள் திருத்தம்',
  kind_return: 'வாடிக்கையாளர் திருப்பியது',
  reason_damaged: 'சேதம்',
  reason_expired: 'காலாவதி',
  reason_lost: 'காணவில்லை',
  reason_count: 'எண்ணிக்கை',
  reason_other: 'மற்றவை',
  deletedOrder: 'நீக்கப்பட்ட ஆர்டர்',
};
export default ta;
