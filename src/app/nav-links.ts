import type { Role } from '../../core/roles';

export interface NavLink {
  label: string;
  to: string;
  /** A short emoji shown on the big home buttons. */
  icon?: string;
}

export const VENDOR_LINKS: NavLink[] = [
  { label: 'Create Sales Order', to: '/order', icon: '🧾' },
  { label: 'Pending Orders', to: '/PendingOrders', icon: '⏳' },
  { label: 'Your Products', to: '/productList', icon: '📦' },
  { label: 'Create Product', to: '/createProduct', icon: '➕' },
  { label: 'Vendor Orders', to: '/vendorOrdersList', icon: '📋' },
  { label: 'GSTR-1 Report', to: '/gstr1', icon: '📊' },
];

export const ADMIN_LINKS: NavLink[] = [
  { label: 'User Management', to: '/userList', icon: '👥' },
  { label: 'Toggle Vendor Status', to: '/toggleCard', icon: '🔀' },
  { label: 'Categories', to: '/categories', icon: '🗂️' },
  { label: 'Create Category', to: '/create-category', icon: '🆕' },
  { label: 'Information', to: '/informationList', icon: '📢' },
  { label: 'Create Information', to: '/information', icon: '✍️' },
  { label: 'GST Records', to: '/gsts', icon: '🧮' },
];

export const CUSTOMER_LINKS: NavLink[] = [
  { label: 'Shop by Category', to: '/user-categories', icon: '🛍️' },
  { label: 'Search Products', to: '/product-search', icon: '🔍' },
  { label: 'Cart', to: '/cart', icon: '🧺' },
  { label: 'My Orders', to: '/my-orders', icon: '📦' },
];

export const DELIVERY_LINKS: NavLink[] = [{ label: 'Home', to: '/Home', icon: '🏠' }];

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

/** The action buttons on the home screen for each role. */
export function homeActions(role: Role): NavLink[] {
  switch (role) {
    case 'user':
      return CUSTOMER_LINKS;
    case 'vendor':
      return VENDOR_LINKS;
    case 'admin':
      return [...ADMIN_LINKS, ...VENDOR_LINKS];
    case 'delivery':
      return [];
  }
}
