import type { Role } from '../../core/roles';
import type { IconName } from '../components/app-icons';

export interface NavLink {
  label: string;
  to: string;
  /** The icon on the big home buttons. */
  icon?: IconName;
}

export const VENDOR_LINKS: NavLink[] = [
  { label: 'Create Sales Order', to: '/order', icon: 'receipt' },
  { label: 'Pending Orders', to: '/PendingOrders', icon: 'clock' },
  { label: 'Your Products', to: '/productList', icon: 'box' },
  { label: 'Create Product', to: '/createProduct', icon: 'plusBox' },
  { label: 'Vendor Orders', to: '/vendorOrdersList', icon: 'list' },
  { label: 'GSTR-1 Report', to: '/gstr1', icon: 'chart' },
  { label: 'Day Close', to: '/day-close', icon: 'lock' },
];

export const ADMIN_LINKS: NavLink[] = [
  { label: 'User Management', to: '/userList', icon: 'users' },
  { label: 'Toggle Vendor Status', to: '/toggleCard', icon: 'toggle' },
  { label: 'Categories', to: '/categories', icon: 'folder' },
  { label: 'Create Category', to: '/create-category', icon: 'folderPlus' },
  { label: 'Information', to: '/informationList', icon: 'megaphone' },
  { label: 'Create Information', to: '/information', icon: 'pencil' },
  { label: 'GST Records', to: '/gsts', icon: 'percent' },
];

export const CUSTOMER_LINKS: NavLink[] = [
  { label: 'Shop by Category', to: '/user-categories', icon: 'bag' },
  { label: 'Search Products', to: '/product-search', icon: 'search' },
  { label: 'Cart', to: '/cart', icon: 'cart' },
  { label: 'My Orders', to: '/my-orders', icon: 'receipt' },
];

export interface NavSection {
  title: string;
  links: NavLink[];
}

/** The home screen's action buttons for a role, grouped (admin sees the admin tools and the shop tools). */
export function homeSections(role: Role): NavSection[] {
  switch (role) {
    case 'user':
      return [{ title: 'Shop', links: CUSTOMER_LINKS }];
    case 'vendor':
      return [{ title: 'Your shop', links: VENDOR_LINKS }];
    case 'admin':
      return [
        { title: 'Admin', links: ADMIN_LINKS },
        { title: 'Shop', links: VENDOR_LINKS },
      ];
    case 'delivery':
      return [];
  }
}
