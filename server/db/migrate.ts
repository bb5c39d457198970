import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-search-index-fastupdate';
import * as m003 from './migrations/003-catalog-version';
import * as m004 from './migrations/004-pending-registrations';
import * as m005 from './migrations/005-account-security';
import * as m006 from './migrations/006-orders-money-uploads';
import * as m007 from './migrations/007-search-words';
import * as m008 from './migrations/008-units-invoices';
import * as m009 from './migrations/009-tamil-phonetic';
import * as m010 from './migrations/010-counter';
import * as m011 from './migrations/011-user-language';
import * as m012 from './migrations/012-vendor-areas';
import * as m013 from './migrations/013-phone-change-undo';
import * as m014 from './migrations/014-product-free';
import * as m015 from './migrations/015-sale-voids';
import * as m017 from './migrations/017-tamil-names';
import * as m018 from './migrations/018-stock-ledger';
import * as m019 from './migrations/019-purchases';
import * as m020 from './migrations/020-customers-returns';
import * as m021 from './migrations/021-live-push';
import * as m022 from './migrations/022-devices';
import * as m023 from './migrations/023-search-vocabulary';
import * as m025 from './migrations/025-area-list-version';
import * as m026 from './migrations/026-hidden-products';
import * as m027 from './migrations/027-search-index-changes';
import * as m028 from './migrations/028-act-received-times';
import * as m029 from './migrations/029-pay-links';
import * as m030 from './migrations/030-shop-staff';
import * as m031 from './migrations/031-rider-cash';
import * as m032 from './migrations/032-shifts';
import * as m033 from './migrations/033-scale-barcode';
import * as m034 from './migrations/034-upi-payments';
import * as m035 from './migrations/035-upi-statements';
import * as m036 from './migrations/036-customer-displays';
import * as m037 from './migrations/037-split-payments';
import * as m038 from './migrations/038-credit-note-refunds';
import * as m039 from './migrations/039-expenses';
import * as m040 from './migrations/040-supplier-payables';
import * as m041 from './migrations/041-debit-notes';
import * as m042 from './migrations/042-purchase-orders';
import * as m043 from './migrations/043-sale-cost';
import * as m044 from './migrations/044-tally-ledgers';
import * as m045 from './migrations/045-eway-einvoice';
import * as m046 from './migrations/046-debit-note-eway';
import * as m048 from './migrations/048-product-batches';
import * as m047 from './migrations/047-product-packs';
import * as m049 from './migrations/049-price-lists-schemes';
import * as m050 from './migrations/050-loyalty-points';
import * as m051 from './migrations/051-line-batches-split';
import * as m052 from './migrations/052-barcode-search';
import * as m053 from './migrations/053-orders-vendor-list';
import * as m054 from './migrations/054-reports';
import * as m055 from './migrations/055-ledger-filters';
import * as m056 from './migrations/056-search-index-pending-list';
import * as m057 from './migrations/057-products-vendor-id';
import * as m058 from './migrations/058-orders-dues';
import * as m059 from './migrations/059-order-lines-sold-by-shop';
import * as m060 from './migrations/060-vendor-orders-filters';
import * as m061 from './migrations/061-order-lines-report';
import * as m062 from './migrations/062-orders-created-report';

const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-search-index-fastupdate': m002,
  '003-catalog-version': m003,
  '004-pending-registrations': m004,
  '005-account-security': m005,
  '006-orders-money-uploads': m006,
  '007-search-words': m007,
  '008-units-invoices': m008,
  '009-tamil-phonetic': m009,
  '010-counter': m010,
  '011-user-language': m011,
  '012-vendor-areas': m012,
  '013-phone-change-undo': m013,
  '014-product-free': m014,
  '015-sale-voids': m015,
  '017-tamil-names': m017,
  '018-stock-ledger': m018,
  '019-purchases': m019,
  '020-customers-returns': m020,
  '021-live-push': m021,
  '022-devices': m022,
  '023-search-vocabulary': m023,
  '025-area-list-version': m025,
  '026-hidden-products': m026,
  '027-search-index-changes': m027,
  '028-act-received-times': m028,
  '029-pay-links': m029,
  '030-shop-staff': m030,
  '031-rider-cash': m031,
  '032-shifts': m032,
  '033-scale-barcode': m033,
  '034-upi-payments': m034,
  '035-upi-statements': m035,
  '036-customer-displays': m036,
  '037-split-payments': m037,
  '038-credit-note-refunds': m038,
  '039-expenses': m039,
  '040-supplier-payables': m040,
  '041-debit-notes': m041,
  '042-purchase-orders': m042,
  '043-sale-cost': m043,
  '044-tally-ledgers': m044,
  '045-eway-einvoice': m045,
  '046-debit-note-eway': m046,
  '048-product-batches': m048,
  '047-product-packs': m047,
  '049-price-lists-schemes': m049,
  '050-loyalty-points': m050,
  '051-line-batches-split': m051,
  '052-barcode-search': m052,
  '053-orders-vendor-list': m053,
  '054-reports': m054,
  '055-ledger-filters': m055,
  '056-search-index-pending-list': m056,
  '057-products-vendor-id': m057,
  '058-orders-dues': m058,
  '059-order-lines-sold-by-shop': m059,
  '060-vendor-orders-filters': m060,
  '061-order-lines-report': m061,
  '062-orders-created-report': m062,
};

/** Applies the migrations not yet applied; answers how many it applied. */
export async function migrateToLatest(db: Kysely<any>): Promise<number> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String((error as Error)?.message ?? error)}`);
  }
  return results?.filter((r) => r.status === 'Success').length ?? 0;
}
