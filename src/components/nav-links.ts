import { can } from '../../core/permissions';
import type { Role } from '../../core/roles';
import type { IconName } from './app-icons';
import type { Catalog } from '../locales/catalog';

/** A key of the `common` texts (src/locales/en/common.ts). */
type Label = keyof Catalog['common'];

export interface NavLink {
  label: Label;
  to: string;
  /** The icon on the big home buttons. */
  icon?: IconName;
}

export const VENDOR_LINKS: NavLink[] = [
  { label: 'navDashboard', to: '/dashboard', icon: 'chart' },
  { label: 'navCreateSalesOrder', to: '/order', icon: 'receipt' },
  { label: 'navPendingOrders', to: '/PendingOrders', icon: 'clock' },
  { label: 'navYourProducts', to: '/productList', icon: 'box' },
  { label: 'navCreateProduct', to: '/createProduct', icon: 'plusBox' },
  { label: 'navVendorOrders', to: '/vendorOrdersList', icon: 'list' },
  { label: 'navGstr1', to: '/gstr1', icon: 'chart' },
  { label: 'navDayClose', to: '/day-close', icon: 'lock' },
  { label: 'navReceiveGoods', to: '/purchases/new', icon: 'truck' },
  { label: 'navPurchases', to: '/purchases', icon: 'list' },
  { label: 'navCustomers', to: '/customers', icon: 'users' },
  { label: 'navDues', to: '/customers/dues', icon: 'clock' },
];

export const ADMIN_LINKS: NavLink[] = [
  { label: 'navAdminDashboard', to: '/admin/dashboard', icon: 'chart' },
  { label: 'navUserManagement', to: '/userList', icon: 'users' },
  { label: 'navToggleVendors', to: '/toggleCard', icon: 'toggle' },
  { label: 'navCategories', to: '/categories', icon: 'folder' },
  { label: 'navCreateCategory', to: '/create-category', icon: 'folderPlus' },
  { label: 'navInformation', to: '/informationList', icon: 'megaphone' },
  { label: 'navCreateInformation', to: '/information', icon: 'pencil' },
  { label: 'navGstRecords', to: '/gsts', icon: 'percent' },
  { label: 'navOrdersByArea', to: '/orders-by-area', icon: 'pin' },
];

export const CUSTOMER_LINKS: NavLink[] = [
  { label: 'navShopByCategory', to: '/user-categories', icon: 'bag' },
  { label: 'navSearchProducts', to: '/product-search', icon: 'search' },
  { label: 'navCart', to: '/cart', icon: 'cart' },
  { label: 'navMyOrders', to: '/my-orders', icon: 'receipt' },
];

export interface NavSection {
  title: Label;
  links: NavLink[];
}

/** The home screen's action buttons for a role, grouped (admin sees the admin tools and the shop tools). */
export function homeSections(user: { role: Role }): NavSection[] {
  if (can(user, 'administer'))
    return [
      { title: 'menuAdmin', links: ADMIN_LINKS },
      { title: 'menuShop', links: VENDOR_LINKS },
    ];
  if (can(user, 'sell')) return [{ title: 'yourShop', links: VENDOR_LINKS }];
  if (can(user, 'shop')) return [{ title: 'menuShop', links: CUSTOMER_LINKS }];
  return [];
}
