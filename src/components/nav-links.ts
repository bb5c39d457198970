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
  /** The part of a shop's work it belongs to (a shop's menu and home screen show each part under its title). */
  group?: NavGroup;
}

/** The parts of a shop's pages, in the order the menus and the home screen show them. */
export const NAV_GROUPS = ['groupSell', 'groupGoods', 'groupBooks', 'groupTeam'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** A shop's pages: each of its people sees those of their role (core/permissions.ts), by part of the work. */
export const VENDOR_LINKS: NavLink[] = [
  { label: 'navCreateSalesOrder', to: '/order', action: 'sell', icon: 'receipt', group: 'groupSell' },
  { label: 'navPendingOrders', to: '/PendingOrders', action: 'sell', icon: 'clock', group: 'groupSell' },
  { label: 'navVendorOrders', to: '/vendorOrdersList', action: 'sell', icon: 'list', group: 'groupSell' },
  { label: 'navCustomers', to: '/customers', action: 'sell', icon: 'users', group: 'groupSell' },
  { label: 'navDues', to: '/customers/dues', action: 'sell', icon: 'clock', group: 'groupSell' },
  { label: 'navYourProducts', to: '/productList', action: 'workForShop', icon: 'box', group: 'groupGoods' },
  { label: 'navCreateProduct', to: '/createProduct', action: 'keepStock', icon: 'plusBox', group: 'groupGoods' },
  { label: 'navReceiveGoods', to: '/purchases/new', action: 'keepStock', icon: 'truck', group: 'groupGoods' },
  { label: 'navPurchases', to: '/purchases', action: 'keepStock', icon: 'list', group: 'groupGoods' },
  { label: 'navPurchaseOrders', to: '/purchase-orders', action: 'keepStock', icon: 'truck', group: 'groupGoods' },
  { label: 'navPriceLists', to: '/price-lists', action: 'managePricing', icon: 'percent', group: 'groupGoods' },
  { label: 'navSchemes', to: '/schemes', action: 'managePricing', icon: 'percent', group: 'groupGoods' },
  { label: 'navDashboard', to: '/dashboard', action: 'seeReports', icon: 'chart', group: 'groupBooks' },
  { label: 'navDayClose', to: '/day-close', action: 'seeReports', icon: 'lock', group: 'groupBooks' },
  { label: 'navProfit', to: '/profit', action: 'seeReports', icon: 'chart', group: 'groupBooks' },
  { label: 'navGstr1', to: '/gstr1', action: 'seeReports', icon: 'chart', group: 'groupBooks' },
  { label: 'navGstr3b', to: '/gstr3b', action: 'seeReports', icon: 'chart', group: 'groupBooks' },
  { label: 'navPayables', to: '/payables', action: 'paySuppliers', icon: 'truck', group: 'groupBooks' },
  { label: 'navExpenses', to: '/expenses', action: 'keepBooks', icon: 'receipt', group: 'groupBooks' },
  { label: 'navCashbook', to: '/cashbook', action: 'keepBooks', icon: 'list', group: 'groupBooks' },
  { label: 'navStaff', to: '/staff', action: 'manageStaff', icon: 'users', group: 'groupTeam' },
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

/** Links in their groups, in NAV_GROUPS order (links without a group first, as one part with no title). */
export function byGroup(links: readonly NavLink[]): Array<{ group: NavGroup | null; links: NavLink[] }> {
  const parts = [null, ...NAV_GROUPS].map((group) => ({ group, links: links.filter((l) => (l.group ?? null) === group) }));
  return parts.filter((p) => p.links.length > 0);
}

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
      ? byGroup(allowedLinks(user, VENDOR_LINKS)).map((p) => ({ title: p.group ?? 'yourShop', links: p.links }))
      : can(user, 'shop')
        ? [{ title: 'menuShop', links: CUSTOMER_LINKS }]
        : [];
  return sections.map((s) => ({ ...s, links: allowedLinks(user, s.links) })).filter((s) => s.links.length > 0);
}
