import { describe, expect, it } from 'vitest';
import { homeSections, NAV_GROUPS, navMenus, VENDOR_LINKS } from '../../../src/components/nav-links';
import en from '../../../src/locales/en/common';
import ta from '../../../src/locales/ta/common';

const titles = (role: Parameters<typeof homeSections>[0]['role']) => homeSections({ role }).map((s) => s.title);
const paths = (role: Parameters<typeof homeSections>[0]['role']) => homeSections({ role }).map((s) => s.links.map((l) => l.to));

describe("a shop's pages, by part of the work", () => {
  it('every page of a shop belongs to a part, and every part has its title in both languages', () => {
    expect(VENDOR_LINKS.filter((l) => !l.group)).toEqual([]);
    for (const g of NAV_GROUPS) {
      expect(en[g]).toBeTruthy();
      expect(ta[g]).toMatch(/[\u0B80-\u0BFF]/);
    }
  });

  it("the owner's home shows selling, goods, accounts and team in that order, each with its own pages", () => {
    expect(titles('vendor')).toEqual(['groupSell', 'groupGoods', 'groupBooks', 'groupTeam']);
    const [sell, goods, books, team] = paths('vendor');
    expect(sell).toContain('/order');
    expect(goods).toEqual(expect.arrayContaining(['/productList', '/purchases/new', '/price-lists', '/schemes']));
    expect(books).toEqual(expect.arrayContaining(['/dashboard', '/gstr3b', '/cashbook']));
    expect(team).toEqual(['/staff']);
  });

  it("a cashier's home and menu have no accounts or team part: a part shows only with a page its person may open", () => {
    expect(titles('cashier')).toEqual(['groupSell', 'groupGoods']);
    expect(paths('cashier')[1]).toEqual(['/productList']);
    const menu = navMenus({ role: 'cashier' });
    expect(menu.map((m) => m.title)).toEqual(['menuMyShop']);
    expect(menu[0].links.some((l) => l.to === '/dashboard' || l.to === '/staff')).toBe(false);
  });
});
