import type { Role } from '../../core/roles';

export interface NavLink {
  label: string;
  to: string;
}

export const VENDOR_LINKS: NavLink[] = [
  { label: 'Create Sales Order', to: '/order' },
  { label: 'Pending Orders', to: '/PendingOrders' },
  { label: 'Your Products', to: '/productList' },
  { label: 'Create Product', to: '/createProduct' },
  { label: 'Vendor Orders', to: '/vendorOrdersList' },
  { label: 'GSTR-1 Report', to: '/gstr1' },
];

export const ADMIN_LINKS: NavLink[] = [
  { label: 'User Management', to: '/userList' },
  { label: 'Toggle Vendor Status', to: '/toggleCard' },
  { label: 'Categories', to: '/categories' },
  { label: 'Create Category', to: '/create-category' },
  { label: 'Information', to: '/informationList' },
  { label: 'Create Information', to: '/information' },
  { label: 'GST Records', to: '/gsts' },
];

export const CUSTOMER_LINKS: NavLink[] = [
  { label: 'Shop by Category', to: '/user-categories' },
  { label: 'Search Products', to: '/product-search' },
  { label: 'Cart', to: '/cart' },
  { label: 'My Orders', to: '/my-orders' },
];

export const DELIVERY_LINKS: NavLink[] = [{ label: 'Home', to: '/Home' }];

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
