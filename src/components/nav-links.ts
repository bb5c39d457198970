import { type Action, can } from '../../core/permissions';
import type { Role } from '../../core/roles';
import type { IconName } from './app-icons';
import type { Catalog } from '../locales/catalog';

/** A key of the `common` texts (src/locales/en/common.ts). */
type Label = keyof Catalog['common'];

export interface NavLink {
  label: Label;
  to: string;
  /** What the page needs (its route's access in src/app/routes.tsx): only those who may do it see the link. */
  action: Action;
  /** The icon on the big home buttons. */
  icon?: IconName;
}

/** A shop's pages: each of its people sees those of their role (core/permissions.ts). */
export const VENDOR_LINKS: NavLink[] = [
  { label: 'navDashboard', to: '/dashboard', action: 'seeReports', icon: 'chart' },
  { label: 'navCreateSalesOrder', to: '/order', action: 'sell', icon: 'receipt' },
  { label: 'navPendingOrders', to: '/PendingOrders', action: 'sell', icon: 'clock' },
  { label: 'navYourProducts', to: '/productList', action: 'workForShop', icon: 'box' },
  { label: 'navCreateProduct', to: '/createProduct', action: 'keepStock', icon: 'plusBox' },
  { label: 'navVendorOrders', to: '/vendorOrdersList', action: 'sell', icon: 'list' },
  { label: 'navGstr1', to: '/gstr1', action: 'seeReports', icon: 'chart' },
  { label: 'navGstr3b', to: '/gstr3b', action: 'seeReports', icon: 'chart' },
  { label: 'navDayClose', to: '/day-close', action: 'seeReports', icon: 'lock' },
  { label: 'navProfit', to: '/profit', action: 'seeReports', icon: 'chart' },
  { label: 'navReceiveGoods', to: '/purchases/new', action: 'keepStock', icon: 'truck' },
  { label: 'navPurchases', to: '/purchases', action: 'keepStock', icon: 'list' },
  { label: 'navPurchaseOrders', to: '/purchase-orders', action: 'keepStock', icon: 'truck' },
  { label: 'navCustomers', to: '/customers', action: 'sell', icon: 'users' },
  { label: 'navDues', to: '/customers/dues', action: 'sell', icon: 'clock' },
  { label: 'navPayables', to: '/payables', action: 'paySuppliers', icon: 'truck' },
  { label: 'navExpenses', to: '/expenses', action: 'keepBooks', icon: 'receipt' },
  { label: 'navCashbook', to: '/cashbook', action: 'keepBooks', icon: 'list' },
  { label: 'navStaff', to: '/staff', action: 'manageStaff', icon: 'users' },
];

export const ADMIN_LINKS: NavLink[] = [
  { label: 'navAdminDashboard', to: '/admin/dashboard', action: 'administer', icon: 'chart' },
  { label: 'navUserManagement', to: '/userList', action: 'administer', icon: 'users' },
  { label: 'navToggleVendors', to: '/toggleCard', action: 'administer', icon: 'toggle' },
  { label: 'navCategories', to: '/categories', action: 'administer', icon: 'folder' },
  { label: 'navCreateCategory', to: '/create-category', action: 'administer', icon: 'folderPlus' },
  { label: 'navInformation', to: '/informationList', action: 'administer', icon: 'megaphone' },
  { label: 'navCreateInformation', to: '/information', action: 'administer', icon: 'pencil' },
  { label: 'navGstRecords', to: '/gsts', action: 'administer', icon: 'percent' },
  { label: 'navOrdersByArea', to: '/orders-by-area', action: 'deliver', icon: 'pin' },
];

export const CUSTOMER_LINKS: NavLink[] = [
  { label: 'navShopByCategory', to: '/user-categories', action: 'shop', icon: 'bag' },
  { label: 'navSearchProducts', to: '/product-search', action: 'shop', icon: 'search' },
  { label: 'navCart', to: '/cart', action: 'shop', icon: 'cart' },
  { label: 'navMyOrders', to: '/my-orders', action: 'shop', icon: 'receipt' },
];

/** The links of `links` this account may open. */
const allowedLinks = (user: { role: Role } | null, links: NavLink[]): NavLink[] => links.filter((l) => can(user, l.action));

export interface NavSection {
  title: Label;
  links: NavLink[];
}

/**
 * The header's menus (a drawer on phones): the shop's pages for its people and admins, the admin tools,
 * a customer's shopping; each with the links this account may open (a cashier has no reports).
 */
export function navMenus(user: { role: Role } | null): NavSection[] {
  const menus: NavSection[] = [];
  // the owner's and an admin's menu is "Vendor" (the spec's); a staff member works in "My shop"
  if (can(user, 'workForShop'))
    menus.push({
      title: can(user, 'ownShop') || can(user, 'administer') ? 'menuVendor' : 'menuMyShop',
      links: allowedLinks(user, VENDOR_LINKS),
    });
  if (can(user, 'administer')) menus.push({ title: 'menuAdmin', links: ADMIN_LINKS });
  if (can(user, 'shop')) menus.push({ title: 'menuShop', links: CUSTOMER_LINKS });
  return menus;
}

/** The home screen's action buttons for a role, grouped (admin sees the admin tools and the shop tools); each only when allowed. */
export function homeSections(user: { role: Role }): NavSection[] {
  const sections: NavSection[] = can(user, 'administer')
    ? [
        { title: 'menuAdmin', links: ADMIN_LINKS },
        { title: 'menuShop', links: VENDOR_LINKS },
      ]
    : can(user, 'workForShop')
      ? [{ title: 'yourShop', links: VENDOR_LINKS }]
      : can(user, 'shop')
        ? [{ title: 'menuShop', links: CUSTOMER_LINKS }]
        : [];
  return sections.map((s) => ({ ...s, links: allowedLinks(user, s.links) })).filter((s) => s.links.length > 0);
}
