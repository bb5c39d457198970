import { soldInKey } from '../../../core/packs';
import { findByCode } from '../../../core/shop-order-packs';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Fragment, lazy, Suspense, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { overCreditLimit } from '../../../core/customer';
import { HOME_STATE } from '../../../core/gst';
import { formatRupees, toPaise, toRupees } from '../../../core/money';
import { orderRef } from '../../../core/order-ref';
import type { CustomerDto } from '../../../core/schemas/customer';
import type { CounterProductDto } from '../../../core/schemas/counter-catalog';
import {
  customerShipAddress,
  duplicateLineKeys,
  emptyLine,
  initialShopAddress,
  isAddressComplete,
  toShopOrderPayload,
  validateShopOrder,
  type ShopAddress,
  type ShopOrderLine,
} from '../../../core/shop-order';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api';
import { loadNamespaces, translate, useT } from '../../lib/i18n';
import { codedText, loadCatalogues, useMsg } from '../../lib/messages';
import { useCachedQuery } from '../../data/use-cached-query';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSession } from '../../stores/session';
import { can } from '../../lib/can';
import type { Payment } from './payment-panel';
import type { ParkedContent } from './parked-bills';
import type { LastSale } from './last-sale';
import { newSaleId, saleRef, saleToastId } from './sale-ref';
import { useTillCatalog } from './use-till-catalog';
import { scaleScan } from './scale-scan';
import { fetchScaleLayout, SCALE_LAYOUT } from '../../data/scale-layout';
import { fetchPaymentProvider, PAYMENT_PROVIDER } from '../../data/payment-provider';
import { DEFAULT_SCALE_LAYOUT } from '../../../core/scale-barcode';
import type { Coded } from '../../../core/coded';
import { ShopOrderLineRow } from './shop-order-line';
import { addProduct, changeLine } from './counter-lines';
import { SUBMIT_ARIA_KEYS, SUBMIT_KEYS, useFormKeys } from '../../lib/use-form-keys';
import { useBarcodeScanner } from '../../lib/use-barcode-scanner';
import { readPrinterSettings } from '../../lib/escpos/printer-settings';
import { PrinterSetupLink } from '../../components/thermal-print-button';
import { CustomerDisplayLink } from './display-link';
import { NO_REDEEM, type Redeem } from './redeem';
import { useCounterShift } from './use-counter-shift';
import { useCounterPricing } from './use-counter-pricing';
import keyCaps from './submit-keys.module.css';
import { COUNTER_BATCHES, fetchShopBatches } from './counter-batches';

// the counter's extras load beside the page, so its first paint stays within the route's budget
const PaymentPanel = lazy(() => import('./payment-panel'));
const ProductFinder = lazy(() => import('./product-finder'));
// a line's price list and scheme: loaded with the pricing engine, at a shop that has either
const PricedLineNote = lazy(() => import('./priced-line-note'));
// the till's and the shift's links beside the title: they load beside the page (the sale form comes first)
const TillLink = lazy(() => import('./till-link').then((m) => ({ default: m.TillLink })));
const ShiftLink = lazy(() => import('./shift-link').then((m) => ({ default: m.ShiftLink })));
// the address a sale is delivered to: shown on a phone only when it is to be changed, and loaded beside the page
const ShippingAddressCard = lazy(() => import('./shipping-address-card'));
// only a sale to a customer of a shop that gives points shows it
const RedeemPoints = lazy(() => import('./redeem-points').then((m) => ({ default: m.RedeemPoints })));
const CustomerField = lazy(() => import('./customer-field'));
// shown once a sale is recorded
const LastSaleBar = lazy(() => import('./last-sale-bar'));
// at a till with no open shift, in place of the sale
const OpenShiftPrompt = lazy(() => import('./open-shift-prompt'));
// Park bill and the bills parked at this till, in the heading
const ParkedBillsMenu = lazy(() => import('./parked-bills-menu'));

const FIRST_PAYMENT: Payment = { handedOver: true, status: 'Paid', method: 'cash' };
const addressSchema = () => import('../../../core/schemas/order').then((m) => m.shopAddressSchema);

/** A refusal from core's rules (a scale label misread), in the interface language once the messages are loaded. */
const showRefusal = (c: Coded) =>
  void loadCatalogues().then(() => notifications.show({ color: 'red', message: codedText(c), 'data-testid': 'scan-refused' }));

/** /order "Create sales order": a walk-in (shop) sale at the counter. */
export default function ShopOrderPage() {
  const t = useT('shop-order');
  const msg = useMsg();
  const user = useSession((s) => s.userInfo);
  const navigate = useNavigate();
  // this device as a till sells within a shift: none open, the counter asks for one first
  const shift = useCounterShift();
  // Saved on this device page by page (the whole shop): offline, the products saved last and the sale goes to the outbox.
  const q = useTillCatalog();
  const products = useMemo(() => q.data?.filter((p) => p.isActive) ?? null, [q.data]);
  const [lines, setLines] = useState<ShopOrderLine[]>(() => [emptyLine()]);
  // the sale's address, each field checked as the server checks it (shopOrderSchema's shippingAddress)
  const addressForm = useSchemaForm({ schema: addressSchema, initial: () => initialShopAddress(user?.addresses) });
  const { values: address, setValues: setAddress } = addressForm;
  const [payment, setPayment] = useState<Payment>(FIRST_PAYMENT);
  // the shop customer the sale is made to (needed for credit); their details go on the bill
  const [customer, setCustomer] = useState<CustomerDto | null>(null);
  // where goods to deliver are sent (GST state): another state than the shop's is IGST
  const [shipState, setShipState] = useState<string>(HOME_STATE.code);
  // the customer whose saved address the form holds (a sale to deliver to them), else null
  const [addressOf, setAddressOf] = useState<string | null>(null);
  /** Deliver later to a chosen customer: their saved address and state; otherwise back to the shop's own. */
  const fillAddress = (c: CustomerDto | null, handedOver: boolean) => {
    if (c && !handedOver) {
      if (addressOf === c._id) return;
      setAddress((a) => customerShipAddress(c, addressOf ? initialShopAddress(user?.addresses) : a));
      if (c.stateCode) setShipState(c.stateCode);
      setAddressOf(c._id);
    } else if (addressOf) {
      setAddress(initialShopAddress(useSession.getState().userInfo?.addresses));
      setShipState(HOME_STATE.code);
      setAddressOf(null);
    }
  };
  const chooseCustomer = (c: CustomerDto | null) => {
    setCustomer(c);
    setRedeem(NO_REDEEM);
    if (c?.stateCode) setShipState(c.stateCode);
    fillAddress(c, payment.handedOver);
    if (!c && payment.method === 'credit') setPayment(FIRST_PAYMENT);
  };
  const changePayment = (p: Payment) => {
    setPayment(p);
    fillAddress(customer, p.handedOver);
  };
  // the sale's id, made now: the order's id on the server, its bill's address and the UPI note
  const [saleId, setSaleId] = useState(newSaleId);
  const [alert, setAlert] = useState<string | null>(null);
  // the sale just recorded: its bill stays at hand until the next one
  const [lastSale, setLastSale] = useState<LastSale | null>(null);
  // on a phone the address of a sale handed over (the shop's own) stays folded unless it needs a change
  const [addressOpen, setAddressOpen] = useState(() => !isAddressComplete(initialShopAddress(user?.addresses)));
  const addressShown = !payment.handedOver || addressOpen;
  // the Ctrl+Enter hint where there is a keyboard; a touch phone has none
  const keyboard = useMediaQuery('(hover: hover) and (pointer: fine)', false, { getInitialValueInEffect: false });
  const [saving, setSaving] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const streetRef = useRef<HTMLInputElement>(null);
  const openAddress = () => {
    setAddressOpen(true);
    requestAnimationFrame(() => streetRef.current?.focus());
  };

  const duplicates = useMemo(() => duplicateLineKeys(lines), [lines]);
  // the customer's price list and the shop's schemes, with the server's engine (core/pricing.ts), also offline
  const pricing = useCounterPricing(lines, products, customer?.priceListId);
  const billTotal = pricing.total;
  // loyalty points the customer redeems come off the bill (the server spreads them over the lines)
  const [redeem, setRedeem] = useState<Redeem>(NO_REDEEM);
  const total = redeem.off ? toRupees(Math.max(toPaise(billTotal) - toPaise(redeem.off), 0)) : billTotal;
  const showVendor = can(user, 'administer');

  const setLine = (key: string, next: ShopOrderLine) => setLines((ls) => changeLine(ls, key, next));
  const setField = (key: keyof ShopAddress, value: string) => setAddress((a) => ({ ...a, [key]: value }));
  const add = (p: CounterProductDto, quantity?: number, pack?: string) => setLines((ls) => addProduct(ls, p, quantity, pack));
  // the shop's scale label layout, saved on the device for offline (an admin sells for any shop: the default)
  const scale = useCachedQuery(showVendor ? null : SCALE_LAYOUT, fetchScaleLayout);
  // whether the shop's payment provider confirms UPI (its QR follows the sale), saved on the device for offline
  const upiByProvider = useCachedQuery(showVendor ? null : PAYMENT_PROVIDER, fetchPaymentProvider).data?.configured === true;
  // the shop's batches (products kept in batches), saved on the device as the counter opens: the till knows them offline
  useCachedQuery(products?.some((p) => p.tracksBatches) ? COUNTER_BATCHES : null, fetchShopBatches);
  // a code no product has: a weighed item's scale label (its product with the label's weight or price), else unknown
  const unknown = (code: string) => {
    // a pack's barcode (typed, scanned into the finder or by the camera): that pack goes on the bill
    const packed = products ? findByCode(products, code) : undefined;
    if (packed?.pack) return add(packed.product, undefined, packed.pack);
    const scanned = products ? scaleScan(code, scale.data ?? DEFAULT_SCALE_LAYOUT, products) : undefined;
    if (scanned && 'error' in scanned) showRefusal(scanned.error);
    else if (scanned) add(scanned.product, scanned.quantity);
    else notifications.show({ color: 'yellow', message: t('noProductForCode', { code }) });
  };

  // a scanner typing anywhere on the page adds the product
  useBarcodeScanner((code) => {
    // the product's own barcode, or a pack's: that pack goes on the bill
    const found = products ? findByCode(products, code) : undefined;
    if (found) add(found.product, undefined, found.pack);
    else unknown(code);
  });

  // Enter moves between fields; only Create Order or its shortcut records the sale
  useFormKeys(addressForm.formRef);

  /** Puts a bill on the counter: one taken back from the parked bills, or (null) a new, empty one. */
  const loadBill = (b: ParkedContent | null) => {
    const shopAddress = initialShopAddress(useSession.getState().userInfo?.addresses);
    setLines(b?.lines ?? [emptyLine()]);
    setAddress(b?.address ?? shopAddress);
    setAddressOpen(!isAddressComplete(b?.address ?? shopAddress));
    setPayment(b?.payment ?? FIRST_PAYMENT);
    setCustomer(b?.customer ?? null);
    setRedeem(NO_REDEEM);
    setAddressOf(b?.addressOf ?? null);
    setShipState(b?.shipState ?? HOME_STATE.code);
    setSaleId(b?.saleId ?? newSaleId());
    setAlert(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateShopOrder(lines, address);
    // core answers a message code; shown in the interface language
    setAlert(problem ? msg[problem] : null);
    // a mistake in the address is brought into view beside its field, any other at the alert
    const checked = await addressForm.validate();
    if (problem === 'incompleteShipping' || !checked.ok) setAddressOpen(true);
    if (problem || !checked.ok) {
      if (checked.ok) requestAnimationFrame(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
      return;
    }
    // paid in parts: they must pay the total to the paisa (core/split-payment.ts), as the server checks again
    const split = payment.parts;
    const splitWrong = split
      ? (await import('../../../core/split-payment')).splitProblem(toPaise(total), split, { customer: !!customer })
      : null;
    if (splitWrong) {
      setAlert(t(`split_${splitWrong}`, { total: formatRupees(total) }));
      return;
    }
    const credit = payment.method === 'credit';
    // what goes on the customer's account: the whole sale on credit, or a split's credit part
    const onAccount = split ? (split.find((p) => p.method === 'credit')?.amount ?? 0) : credit ? total : 0;
    if (credit && !customer) {
      setAlert(t('creditNeedsCustomer'));
      return;
    }
    // over the credit limit (as this device knows the balance): the cashier confirms first; the server checks again
    let confirmOverLimit = false;
    if (
      onAccount > 0 &&
      customer &&
      overCreditLimit(customer.creditLimit === null ? null : toPaise(customer.creditLimit), toPaise(customer.balance), toPaise(onAccount))
    ) {
      const { confirm } = await import('../../components/confirm');
      const yes = await confirm(
        t('overLimit', {
          name: customer.name,
          sale: formatRupees(onAccount),
          balance: formatRupees(customer.balance),
          limit: formatRupees(customer.creditLimit ?? 0),
        }),
        { title: t('overLimitTitle'), confirmLabel: t('giveCredit'), danger: false },
      );
      if (!yes) return;
      confirmOverLimit = true;
    }
    setSaving(true);
    const id = saleId;
    try {
      const [{ submitShopOrder }, { withApproval }] = await Promise.all([
        import('./shop-sale-submit'),
        import('../../components/approval-dialog'),
      ]);
      const salePayload = toShopOrderPayload(lines, address, payment.status, payment.method, payment.handedOver, {
        customerId: customer?._id,
        confirmOverLimit,
        stateCode: shipState,
        payments: split,
      });
      // how the till priced each line (by its product and pack), for the provisional bill of a sale that waits in the outbox
      const pricedByProduct = new Map(
        lines.flatMap((l) => {
          const p = pricing.byKey.get(l.key);
          return p ? [[soldInKey(l), p] as const] : [];
        }),
      );
      // the till's total goes with the sale (offline parity, core/pricing.ts): what it charged, after the points redeemed
      const payload =
        customer && redeem.points
          ? { ...salePayload, redeemPoints: redeem.points, tillTotal: total }
          : { ...salePayload, tillTotal: billTotal };
      // the till is the shop's (kept under its owner's id): any of its people at it takes its numbers
      // a cashier's discount, price or credit beyond the owner's limits asks for a manager's PIN, then goes again
      const {
        response: sent,
        number,
        outOfNumbers,
      } = await withApproval((approval) =>
        submitShopOrder(user?.shopId ?? user?._id ?? '', approval ? { ...payload, approval } : payload, id, pricedByProduct),
      );
      // a till out of numbers: this bill is provisional, and the cashier is told why
      if (outOfNumbers)
        notifications.show({ color: 'yellow', autoClose: false, message: t('tillOutOfNumbers'), 'data-testid': 'till-out' });
      const toast = saleToastId(id);
      // this device's receipt printer: print at once (the shop's choice), or offer one tap in the toast
      const printer = readPrinterSettings();
      const order = sent?.order ?? sent?.orders[0] ?? null;
      const toPrinter = () => void import('./thermal-print').then((m) => m.printSaleBill(id, order));
      if (printer.connection && printer.auto) toPrinter();
      // the toast's "Print to printer" label (the counter's printer link has usually loaded it already)
      if (printer.connection) await loadNamespaces(['printer']).catch(() => undefined);
      notifications.show({
        id: toast,
        color: sent ? 'green' : 'yellow',
        autoClose: 10_000,
        message: (
          <Group justify="space-between" gap="xs">
            <span style={{ flex: 1, minWidth: 160 }}>
              {sent ? msg.orderCreated : number ? t('tillSaleQueued', { number }) : msg.saleQueued}
            </span>
            {/* the toasts live outside the router: navigate, not a Link */}
            <Button
              size="compact-sm"
              style={{ flexShrink: 0 }}
              onClick={() => {
                notifications.hide(toast);
                navigate(`/receipt/${id}?print=1`);
              }}
              data-testid="print-bill"
            >
              {t('printBill')}
            </Button>
            {printer.connection && !printer.auto && (
              <Button
                size="compact-sm"
                variant="light"
                style={{ flexShrink: 0 }}
                onClick={() => {
                  notifications.hide(toast);
                  toPrinter();
                }}
                data-testid="thermal-print-sale"
              >
                {translate('printer', 'printToPrinter')}
              </Button>
            )}
          </Group>
        ),
      });
      setLastSale({
        id,
        ref: order ? orderRef(order) : (number ?? saleRef(id)),
        total,
        order,
        queued: !sent,
        printer: printer.connection && !printer.auto ? toPrinter : undefined,
        parts: split,
        // a UPI sale the shop's provider confirms waits for its payment: its QR follows (last-sale-bar.tsx)
        collectUpi:
          payment.status === 'Paid' &&
          (split ? split.some((p) => p.method === 'upi') : payment.method === 'upi') &&
          (order ? order.paymentStatus === 'Pending' : upiByProvider),
      });
      loadBill(null);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, msg.createOrderFailed) });
    } finally {
      setSaving(false);
    }
  };

  const heading = (
    <Group justify="space-between" gap="xs">
      {/* a smaller heading on a phone: the title stays on one line */}
      <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
        {t('title')}
      </Title>
      <Group gap={0}>
        <Suspense fallback={null}>
          <ShiftLink shift={shift} />
          <TillLink />
        </Suspense>
        <PrinterSetupLink />
        {/* the bill for the customer display, and its dialog */}
        <CustomerDisplayLink bill={{ lines, products, total, payment, saleId, lastSale, upiByProvider, priced: pricing.byKey }} />
        {/* Park bill and the bills parked at this till, beside the sale */}
        {!(shift.needed && shift.till) && (
          <Suspense fallback={null}>
            <ParkedBillsMenu
              shopId={user?.shopId ?? user?._id ?? ''}
              current={() => ({ saleId, lines, customer, payment, address, shipState, addressOf })}
              onLoad={loadBill}
              keyboard={keyboard}
            />
          </Suspense>
        )}
      </Group>
    </Group>
  );

  // the heading stays in place whichever shows under it: the till's dialog stays open as the prompt comes or goes
  return (
    <Stack gap="md">
      {heading}
      {shift.needed && shift.till ? (
        <Suspense fallback={<Skeleton h={220} radius="md" />}>
          <OpenShiftPrompt till={shift.till} lastFloat={shift.lastFloat} closed={shift.closed} />
        </Suspense>
      ) : (
        <form onSubmit={submit} noValidate ref={addressForm.formRef}>
          <Stack gap="md">
            {lastSale && (
              <Suspense fallback={<Skeleton h={44} radius="md" />}>
                <LastSaleBar sale={lastSale} />
              </Suspense>
            )}

            <QueryView
              query={q}
              data={products}
              failed={msg.productsLoadFailed}
              loader={<Skeleton h={220} radius="md" />}
              empty={
                <Alert color="yellow">
                  {t('noProductsYet')}{' '}
                  <Text component={Link} to="/createProduct" c="teal.8" fw={600} span>
                    {t('createProduct')}
                  </Text>
                </Alert>
              }
            >
              {(products) => (
                <Stack gap="sm">
                  <Suspense fallback={<Skeleton h={62} radius="md" />}>
                    <ProductFinder products={products} showVendor={showVendor} onPick={add} onUnknown={unknown} focusKey={saleId} />
                  </Suspense>
                  {lines.map((line, i) => (
                    <Fragment key={line.key}>
                      <ShopOrderLineRow
                        index={i}
                        line={line}
                        products={products}
                        duplicate={duplicates.has(line.key)}
                        showVendor={showVendor}
                        canRemove={lines.length > 1}
                        chargedPaise={pricing.byKey.get(line.key)?.totalPaise}
                        onChange={(next) => setLine(line.key, next)}
                        onRemove={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}
                      />
                      {pricing.byKey.has(line.key) && (
                        <Suspense fallback={null}>
                          <PricedLineNote priced={pricing.byKey.get(line.key)} line={line} />
                        </Suspense>
                      )}
                    </Fragment>
                  ))}
                  <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                    <Button variant="light" onClick={() => setLines((ls) => [...ls, emptyLine()])} style={{ flexShrink: 0 }}>
                      {t('addItem')}
                    </Button>
                    <Text fw={800} fz={{ base: 'lg', sm: 'xl' }} ta="right" data-testid="order-total">
                      {t('orderTotal', { total: formatRupees(total) })}
                    </Text>
                  </Group>
                </Stack>
              )}
            </QueryView>

            <Suspense fallback={<Skeleton h={62} radius="md" />}>
              <CustomerField customer={customer} onChange={chooseCustomer} />
            </Suspense>
            {customer && (
              <Suspense fallback={null}>
                <RedeemPoints customer={customer} billTotal={billTotal} value={redeem} onChange={setRedeem} />
              </Suspense>
            )}

            {!addressShown && (
              <Group hiddenFrom="sm" gap={6} wrap="nowrap" data-testid="address-folded">
                <Text size="sm" c="dimmed" truncate="end" style={{ flex: 1 }}>
                  {t('shippingAddressIs', { address: [address.address, address.city].filter(Boolean).join(', ') })}
                </Text>
                <Anchor component="button" type="button" fz="sm" onClick={openAddress} aria-label={t('changeAddress')}>
                  {t('change')}
                </Anchor>
              </Group>
            )}

            {/* on a phone, only a sale to deliver (or an address to change) shows the fields */}
            <Suspense fallback={<Skeleton h={160} radius="md" visibleFrom={addressShown ? undefined : 'sm'} />}>
              <ShippingAddressCard
                address={address}
                setField={setField}
                error={addressForm.error}
                fromCustomer={addressOf && customer ? customer.name : null}
                handedOver={payment.handedOver}
                shipState={shipState}
                setShipState={setShipState}
                shown={addressShown}
                streetRef={streetRef}
              />
            </Suspense>

            <Paper withBorder radius="md" p="sm">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Suspense fallback={<Skeleton h={80} w={280} radius="md" />}>
                  <PaymentPanel
                    payment={payment}
                    onChange={changePayment}
                    total={total}
                    saleId={saleId}
                    upiId={user?.upiId ?? ''}
                    payee={user?.vendorDetails?.shopName || user?.name || ''}
                    customerName={customer?.name ?? null}
                    upiByProvider={upiByProvider}
                  />
                </Suspense>
                {/* on a phone the order total above the customer is the sale's total */}
                <Stack gap={4} align="flex-end" style={{ flex: 1 }} visibleFrom="xs">
                  <Text size="sm" c="dimmed">
                    {lines.length === 1 ? t('itemLine') : t('itemLines', { n: lines.length })}
                  </Text>
                  <Text fw={800} size="lg">
                    {formatRupees(total)}
                  </Text>
                </Stack>
              </Group>
              {alert && (
                <Alert color="red" mt="sm" ref={alertRef} role="alert">
                  {alert}
                </Alert>
              )}
              <Button
                type="submit"
                fullWidth
                size="md"
                mt="sm"
                loading={saving}
                disabled={!products || products.length === 0}
                aria-keyshortcuts={SUBMIT_ARIA_KEYS}
                rightSection={
                  keyboard ? (
                    <kbd className={keyCaps.keys} data-testid="submit-keys">
                      {SUBMIT_KEYS}
                    </kbd>
                  ) : undefined
                }
              >
                {t('createOrder')}
              </Button>
            </Paper>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
