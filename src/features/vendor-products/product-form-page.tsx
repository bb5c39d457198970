import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MSG } from '../../../core/messages';
import { productCreateSchema, type ProductDto, productUpdateSchema } from '../../../core/schemas/product';
import { DEFAULT_UNIT, isDecimalUnit, stockError, type Unit, UNITS } from '../../../core/units';
import { ImageUploader } from '../../components/image-uploader';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMsg, useRuleText } from '../../lib/messages';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import {
  createProduct,
  fetchActiveGsts,
  fetchCategories,
  fetchMyProducts,
  fetchProduct,
  fetchVendors,
  updateProduct,
} from './products-api';

type Num = number | string;

interface FormState {
  name: string;
  Tamil: string;
  description: string;
  price: Num;
  shopPrice: Num;
  countInStock: Num;
  reOrderLevel: Num;
  category: string | null;
  subcategory: string | null;
  discount: Num;
  gst: string | null;
  isActive: boolean;
  /** What price and stock are per (core/units). */
  unit: Unit;
  /** EAN-13, EAN-8, UPC-A or the shop's own code; '' for none. */
  barcode: string;
}

const EMPTY: FormState = {
  name: '',
  Tamil: '',
  description: '',
  price: '',
  shopPrice: '',
  countInStock: '',
  reOrderLevel: '',
  category: null,
  subcategory: null,
  discount: '',
  gst: null,
  isActive: true,
  unit: DEFAULT_UNIT,
  barcode: '',
};

const filled = (v: Num | null | undefined) => v !== null && v !== undefined && String(v).trim() !== '';

/** Picks the one alert text for a failed parse: missing fields first, then bad numbers (the schema's English texts, shown in the interface language). */
function validationMessage(messages: string[], msg: typeof MSG, rule: (text: string) => string): string {
  if (messages.includes(MSG.fillRequired)) return msg.fillRequired;
  if (messages.includes(MSG.invalidNumeric)) return msg.invalidNumeric;
  return messages[0] ? rule(messages[0]) : msg.fillRequired;
}

const gstLabel = (g: { name: string; rate?: number | null }) =>
  g.name.includes('%') || g.rate === undefined || g.rate === null ? g.name : `${g.name} (${g.rate}%)`;

/** What the form starts from when it edits a product. */
function fromProduct(p: ProductDto) {
  const form: FormState = {
    name: p.name ?? '',
    Tamil: p.Tamil ?? '',
    description: p.description ?? '',
    price: p.price ?? '',
    shopPrice: p.shopPrice ?? '',
    countInStock: p.countInStock ?? '',
    reOrderLevel: p.reOrderLevel ?? '',
    category: p.category || null,
    subcategory: p.subcategory || null,
    discount: p.discount ? p.discount : '',
    gst: p.gst || null,
    isActive: p.isActive,
    unit: p.unit ?? DEFAULT_UNIT,
    barcode: p.barcode ?? '',
  };
  const images = p.images?.length ? p.images : p.image ? [p.image] : [];
  const extraGst = p.gst && p.gstName ? { value: p.gst, label: gstLabel({ name: p.gstName, rate: p.gstRate }) } : null;
  return { form, images, extraGst };
}

/** /createProduct and /edit-product/:id — one form. */
export default function ProductFormPage() {
  const { id } = useParams<{ id: string }>();
  const isEdit = !!id;
  const navigate = useNavigate();
  const t = useT('vendor-products');
  const msg = useMsg();
  const rule = useRuleText();
  const isAdmin = useSession((s) => s.userInfo?.role === 'admin');
  const vendorsQ = useCachedQuery(isAdmin && !isEdit ? 'product-form:vendors' : null, fetchVendors, { persist: false });
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const categoriesQ = useCachedQuery('product-form:categories', fetchCategories, { persist: false });
  const gstsQ = useCachedQuery('product-form:gsts', fetchActiveGsts, { persist: false });
  const productQ = useCachedQuery(id ? `product-form:product:${id}` : null, () => fetchProduct(id!), { persist: false });
  const categories = useMemo(() => categoriesQ.data ?? [], [categoriesQ.data]);
  const gsts = useMemo(() => gstsQ.data ?? [], [gstsQ.data]);
  const categoriesError = !categoriesQ.data && categoriesQ.error ? msg.categoriesLoadFailed : null;
  const gstError = !gstsQ.data && gstsQ.error ? msg.gstOptionsLoadFailed : null;
  // the shop's own products (the list page's query): which GST records its products in each category use
  const mineQ = useCachedQuery('vendor-products:', () => fetchMyProducts(''), { persist: false });
  const [extraGst, setExtraGst] = useState<{ value: string; label: string } | null>(null);
  // The form is filled from the product once, when it arrives (a later refresh leaves the edits alone).
  const [filledFor, setFilledFor] = useState<string | undefined>(undefined);
  const loaded = productQ.data?._id === id ? productQ.data : undefined;
  if (filledFor !== id && (loaded || !id)) {
    const filled = loaded ? fromProduct(loaded) : null;
    setFilledFor(id);
    setForm(filled?.form ?? EMPTY);
    setImages(filled?.images ?? []);
    if (filled?.extraGst) setExtraGst(filled.extraGst);
  }
  const loadError = id && !loaded && productQ.error ? msg.productLoadFailed : null;
  const loading = !!id && filledFor !== id && !loadError;
  // the server's answer to a save; the form's own problems are worked out again on every change (below)
  const [alert, setAlert] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const categoryOptions = useMemo(() => {
    const names = categories.map((c) => c.name);
    if (form.category && !names.includes(form.category)) names.push(form.category);
    return names;
  }, [categories, form.category]);

  const subcategoryOptions = useMemo(() => {
    const subs = [...(categories.find((c) => c.name === form.category)?.subcategories ?? [])];
    if (form.subcategory && !subs.includes(form.subcategory)) subs.push(form.subcategory);
    return subs;
  }, [categories, form.category, form.subcategory]);

  // GST records used by the shop's products in this category come first, most used first
  const usedInCategory = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of mineQ.data ?? []) if (p.category === form.category && p.gst) counts.set(p.gst, (counts.get(p.gst) ?? 0) + 1);
    return counts;
  }, [mineQ.data, form.category]);
  const gstOptions = useMemo(() => {
    const opts = gsts.map((g) => ({ value: g._id, label: gstLabel(g) }));
    if (extraGst && !opts.some((o) => o.value === extraGst.value)) opts.push(extraGst);
    const used = opts
      .filter((o) => usedInCategory.has(o.value))
      .sort((a, b) => usedInCategory.get(b.value)! - usedInCategory.get(a.value)!);
    if (!used.length || !form.category) return opts;
    return [
      { group: t('gstUsedIn', { category: form.category }), items: used },
      { group: t('gstOthers'), items: opts.filter((o) => !usedInCategory.has(o.value)) },
    ];
  }, [gsts, extraGst, usedInCategory, form.category, t]);
  const unitOptions = UNITS.map((u) => ({ value: u, label: t(`unitOption_${u}`) }));
  const unitName = t(`unitShort_${form.unit}`);

  const showAlert = (text: string) => {
    setAlert(text);
    requestAnimationFrame(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  /** The form's own check: the one problem to show, or the parsed body. */
  const check = () => {
    const required: Array<Num | null> = [
      form.name.trim(),
      form.price,
      form.shopPrice,
      form.countInStock,
      form.reOrderLevel,
      form.category,
      form.subcategory,
      form.gst,
    ];
    if (required.some((v) => !filled(v)) || (!isEdit && images.length === 0)) return { problem: msg.fillRequired };
    if (isAdmin && !isEdit && !vendorId) return { problem: t('chooseVendorProblem') };
    const stockProblem = stockError(Number(form.countInStock), form.unit);
    if (stockProblem) return { problem: rule(stockProblem) };
    const raw = {
      name: form.name,
      Tamil: form.Tamil,
      description: form.description,
      price: form.price,
      shopPrice: form.shopPrice,
      countInStock: form.countInStock,
      reOrderLevel: form.reOrderLevel,
      category: form.category ?? '',
      subcategory: form.subcategory ?? '',
      gst: form.gst ?? '',
      unit: form.unit,
      // '' removes a barcode the product had
      barcode: form.barcode,
      ...(filled(form.discount) ? { discount: form.discount } : {}),
      ...(images.length > 0 ? { images } : {}),
      ...(isEdit ? {} : { isActive: form.isActive }),
    };
    const update = isEdit ? productUpdateSchema.safeParse(raw) : null;
    const create = isEdit ? null : productCreateSchema.safeParse(raw);
    const invalid = update?.error ?? create?.error;
    if (invalid)
      return {
        problem: validationMessage(
          invalid.issues.map((i) => i.message),
          msg,
          rule,
        ),
      };
    return { problem: null, update, create };
  };
  // once a save was refused, the alert follows the fields: it goes away as soon as they are fixed
  const problem = checked ? check().problem : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setChecked(true);
    const { problem: found, update, create } = check();
    if (found) return showAlert(found);
    setSaving(true);
    try {
      if (isEdit && update?.success) await updateProduct(id, update.data);
      else if (create?.success) await createProduct({ ...create.data, ...(isAdmin && vendorId ? { vendorId } : {}) });
      notifications.show({ color: 'green', message: isEdit ? msg.productUpdated : msg.productCreated });
      navigate('/productList');
    } catch (err) {
      const text = errorMessage(err, isEdit ? msg.updateProductFailed : msg.createProductFailed);
      notifications.show({ color: 'red', message: text });
      showAlert(text);
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <PageLoader />;
  if (loadError)
    return (
      <Stack>
        <Title order={2}>{t('updateProduct')}</Title>
        <Alert color="red">{loadError}</Alert>
        <Anchor component={Link} to="/productList">
          {t('backToYourProducts')}
        </Anchor>
      </Stack>
    );

  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{isEdit ? t('updateProduct') : t('createProduct')}</Title>
        <Anchor component={Link} to="/productList" size="sm">
          {t('yourProducts')}
        </Anchor>
      </Group>
      {categoriesError && <Alert color="red">{categoriesError}</Alert>}
      {gstError && <Alert color="red">{gstError}</Alert>}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          {isAdmin && !isEdit && (
            <Select
              label={t('vendor')}
              required
              placeholder={t('chooseVendor')}
              data={(vendorsQ.data ?? []).map((v) => ({
                value: v._id,
                label: v.vendorDetails?.shopName ? `${v.vendorDetails.shopName} (${v.name})` : v.name,
              }))}
              value={vendorId}
              onChange={setVendorId}
              searchable
              nothingFoundMessage={t('noVendors')}
              error={vendorsQ.error ? msg.unknownError : undefined}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('name')} required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={200} />
            <TextInput label={t('tamilName')} value={form.Tamil} onChange={(e) => set('Tamil', e.currentTarget.value)} maxLength={200} />
          </SimpleGrid>
          <Textarea
            label={t('description')}
            autosize
            minRows={2}
            maxRows={6}
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            maxLength={5000}
          />
          <Select
            label={t('unit')}
            description={t('unitHint')}
            data={unitOptions}
            value={form.unit}
            onChange={(v) => set('unit', (v as Unit | null) ?? DEFAULT_UNIT)}
            allowDeselect={false}
            maw={360}
          />
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <NumberInput
              label={form.unit === DEFAULT_UNIT ? t('priceMrp') : t('priceMrpPer', { unit: unitName })}
              required
              prefix="₹"
              decimalScale={2}
              value={form.price}
              onChange={(v) => set('price', v)}
              inputMode="decimal"
            />
            <NumberInput
              label={form.unit === DEFAULT_UNIT ? t('shopPrice') : t('shopPricePer', { unit: unitName })}
              required
              prefix="₹"
              decimalScale={2}
              value={form.shopPrice}
              onChange={(v) => set('shopPrice', v)}
              inputMode="decimal"
            />
            <NumberInput
              label={t('discountPerUnit')}
              placeholder={t('optional')}
              prefix="₹"
              decimalScale={2}
              value={form.discount}
              onChange={(v) => set('discount', v)}
              inputMode="decimal"
            />
            <NumberInput
              label={form.unit === DEFAULT_UNIT ? t('countInStock') : t('countInStockIn', { unit: unitName })}
              required
              allowDecimal={isDecimalUnit(form.unit)}
              decimalScale={isDecimalUnit(form.unit) ? 3 : 0}
              value={form.countInStock}
              onChange={(v) => set('countInStock', v)}
              inputMode={isDecimalUnit(form.unit) ? 'decimal' : 'numeric'}
            />
            <NumberInput
              label={t('reorderLevel')}
              required
              allowDecimal={false}
              value={form.reOrderLevel}
              onChange={(v) => set('reOrderLevel', v)}
              inputMode="numeric"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('category')}
              required
              placeholder={t('chooseCategory')}
              data={categoryOptions}
              value={form.category}
              onChange={(v) => setForm((f) => ({ ...f, category: v, subcategory: isEdit && v === f.category ? f.subcategory : null }))}
              searchable
              nothingFoundMessage={t('noCategories')}
            />
            <Select
              label={t('subcategory')}
              required
              placeholder={form.category ? t('chooseSubcategory') : t('chooseCategoryFirst')}
              data={subcategoryOptions}
              value={form.subcategory}
              onChange={(v) => set('subcategory', v)}
              disabled={!form.category}
              searchable
              nothingFoundMessage={t('noSubcategories')}
            />
            <Select
              label={t('gst')}
              required
              placeholder={t('chooseGst')}
              description={usedInCategory.size && form.category ? t('gstSuggested') : undefined}
              data={gstOptions}
              value={form.gst}
              onChange={(v) => set('gst', v)}
              searchable
              nothingFoundMessage={t('noGstRecords')}
            />
            <TextInput
              label={t('barcode')}
              description={t('barcodeHint')}
              value={form.barcode}
              onChange={(e) => set('barcode', e.currentTarget.value)}
              maxLength={32}
              autoComplete="off"
              // a scanner ends with Enter: it fills the field, it does not submit the form
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
            />
          </SimpleGrid>
          <ImageUploader
            value={images}
            onChange={setImages}
            onBusyChange={setUploading}
            required={!isEdit}
            description={isEdit ? t('keepImagesHint') : t('addPhotosHint')}
          />
          {!isEdit && <Checkbox label={t('active')} checked={form.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />}
          {(problem ?? alert) && (
            <Alert color="red" ref={alertRef} role="alert">
              {problem ?? alert}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" component={Link} to="/productList">
              {t('cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={uploading}>
              {isEdit ? t('updateProduct') : t('createProduct')}
            </Button>
          </Group>
          {uploading && (
            <Text size="xs" c="dimmed" ta="right">
              {t('waitingForImages')}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
