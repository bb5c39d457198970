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
import { DEFAULT_UNIT, isDecimalUnit, stockError, type Unit, UNIT_NAMES, UNITS } from '../../../core/units';
import { ImageUploader } from '../../components/image-uploader';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/api';
import { useCachedQuery } from '../../lib/use-cached-query';
import { useSession } from '../../stores/session';
import { createProduct, fetchActiveGsts, fetchCategories, fetchProduct, fetchVendors, updateProduct } from './products-api';

/** An admin creating a product names the vendor who sells it: only active vendors' products reach customers. */
const CHOOSE_VENDOR = 'Choose the vendor who sells this product';

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
}

const UNIT_OPTIONS = UNITS.map((u) => ({ value: u, label: UNIT_NAMES[u] }));

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
};

const filled = (v: Num | null | undefined) => v !== null && v !== undefined && String(v).trim() !== '';

/** Picks the one alert text for a failed parse: missing fields first, then bad numbers. */
function validationMessage(messages: string[]): string {
  if (messages.includes(MSG.fillRequired)) return MSG.fillRequired;
  if (messages.includes(MSG.invalidNumeric)) return MSG.invalidNumeric;
  return messages[0] ?? MSG.fillRequired;
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
  const categoriesError = !categoriesQ.data && categoriesQ.error ? MSG.categoriesLoadFailed : null;
  const gstError = !gstsQ.data && gstsQ.error ? MSG.gstOptionsLoadFailed : null;
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
  const loadError = id && !loaded && productQ.error ? MSG.productLoadFailed : null;
  const loading = !!id && filledFor !== id && !loadError;
  const [alert, setAlert] = useState<string | null>(null);
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

  const gstOptions = useMemo(() => {
    const opts = gsts.map((g) => ({ value: g._id, label: gstLabel(g) }));
    if (extraGst && !opts.some((o) => o.value === extraGst.value)) opts.push(extraGst);
    return opts;
  }, [gsts, extraGst]);

  const showAlert = (text: string) => {
    setAlert(text);
    requestAnimationFrame(() => alertRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
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
    if (required.some((v) => !filled(v)) || (!isEdit && images.length === 0)) return showAlert(MSG.fillRequired);
    if (isAdmin && !isEdit && !vendorId) return showAlert(CHOOSE_VENDOR);
    const stockProblem = stockError(Number(form.countInStock), form.unit);
    if (stockProblem) return showAlert(stockProblem);
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
      ...(filled(form.discount) ? { discount: form.discount } : {}),
      ...(images.length > 0 ? { images } : {}),
      ...(isEdit ? {} : { isActive: form.isActive }),
    };
    const update = isEdit ? productUpdateSchema.safeParse(raw) : null;
    const create = isEdit ? null : productCreateSchema.safeParse(raw);
    const invalid = update?.error ?? create?.error;
    if (invalid) return showAlert(validationMessage(invalid.issues.map((i) => i.message)));
    setSaving(true);
    try {
      if (isEdit && update?.success) await updateProduct(id, update.data);
      else if (create?.success) await createProduct({ ...create.data, ...(isAdmin && vendorId ? { vendorId } : {}) });
      notifications.show({ color: 'green', message: isEdit ? MSG.productUpdated : MSG.productCreated });
      navigate('/productList');
    } catch (err) {
      const text = errorMessage(err, isEdit ? MSG.updateProductFailed : MSG.createProductFailed);
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
        <Title order={2}>Update Product</Title>
        <Alert color="red">{loadError}</Alert>
        <Anchor component={Link} to="/productList">
          Back to Your Products
        </Anchor>
      </Stack>
    );

  return (
    <Stack gap="md" maw={760} mx="auto">
      <Group justify="space-between">
        <Title order={2}>{isEdit ? 'Update Product' : 'Create Product'}</Title>
        <Anchor component={Link} to="/productList" size="sm">
          Your Products
        </Anchor>
      </Group>
      {categoriesError && <Alert color="red">{categoriesError}</Alert>}
      {gstError && <Alert color="red">{gstError}</Alert>}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          {isAdmin && !isEdit && (
            <Select
              label="Vendor"
              required
              placeholder="Choose the vendor"
              data={(vendorsQ.data ?? []).map((v) => ({
                value: v._id,
                label: v.vendorDetails?.shopName ? `${v.vendorDetails.shopName} (${v.name})` : v.name,
              }))}
              value={vendorId}
              onChange={setVendorId}
              searchable
              nothingFoundMessage="No vendors"
              error={vendorsQ.error ? MSG.unknownError : undefined}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" required value={form.name} onChange={(e) => set('name', e.currentTarget.value)} maxLength={200} />
            <TextInput label="Tamil name" value={form.Tamil} onChange={(e) => set('Tamil', e.currentTarget.value)} maxLength={200} />
          </SimpleGrid>
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={6}
            value={form.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            maxLength={5000}
          />
          <Select
            label="Unit"
            description="Loose goods sold by the kg, litre or metre take quantities like 1.25; the prices below are per unit"
            data={UNIT_OPTIONS}
            value={form.unit}
            onChange={(v) => set('unit', (v as Unit | null) ?? DEFAULT_UNIT)}
            allowDeselect={false}
            maw={360}
          />
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <NumberInput
              label={form.unit === DEFAULT_UNIT ? 'Price (MRP)' : `Price (MRP) per ${form.unit}`}
              required
              prefix="₹"
              decimalScale={2}
              value={form.price}
              onChange={(v) => set('price', v)}
              inputMode="decimal"
            />
            <NumberInput
              label={form.unit === DEFAULT_UNIT ? 'Shop price' : `Shop price per ${form.unit}`}
              required
              prefix="₹"
              decimalScale={2}
              value={form.shopPrice}
              onChange={(v) => set('shopPrice', v)}
              inputMode="decimal"
            />
            <NumberInput
              label="Discount per unit"
              placeholder="Optional"
              prefix="₹"
              decimalScale={2}
              value={form.discount}
              onChange={(v) => set('discount', v)}
              inputMode="decimal"
            />
            <NumberInput
              label={form.unit === DEFAULT_UNIT ? 'Count in stock' : `Count in stock (${form.unit})`}
              required
              allowDecimal={isDecimalUnit(form.unit)}
              decimalScale={isDecimalUnit(form.unit) ? 3 : 0}
              value={form.countInStock}
              onChange={(v) => set('countInStock', v)}
              inputMode={isDecimalUnit(form.unit) ? 'decimal' : 'numeric'}
            />
            <NumberInput
              label="Reorder level"
              required
              allowDecimal={false}
              value={form.reOrderLevel}
              onChange={(v) => set('reOrderLevel', v)}
              inputMode="numeric"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Category"
              required
              placeholder="Choose a category"
              data={categoryOptions}
              value={form.category}
              onChange={(v) => setForm((f) => ({ ...f, category: v, subcategory: isEdit && v === f.category ? f.subcategory : null }))}
              searchable
              nothingFoundMessage="No categories"
            />
            <Select
              label="Subcategory"
              required
              placeholder={form.category ? 'Choose a subcategory' : 'Choose a category first'}
              data={subcategoryOptions}
              value={form.subcategory}
              onChange={(v) => set('subcategory', v)}
              disabled={!form.category}
              searchable
              nothingFoundMessage="No subcategories"
            />
            <Select
              label="GST"
              required
              placeholder="Choose GST"
              data={gstOptions}
              value={form.gst}
              onChange={(v) => set('gst', v)}
              nothingFoundMessage="No GST records"
            />
          </SimpleGrid>
          <ImageUploader
            value={images}
            onChange={setImages}
            onBusyChange={setUploading}
            required={!isEdit}
            description={isEdit ? 'Leave as is to keep the current images' : 'Add one or more photos'}
          />
          {!isEdit && <Checkbox label="Active" checked={form.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />}
          {alert && (
            <Alert color="red" ref={alertRef} role="alert">
              {alert}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" component={Link} to="/productList">
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={uploading}>
              {isEdit ? 'Update Product' : 'Create Product'}
            </Button>
          </Group>
          {uploading && (
            <Text size="xs" c="dimmed" ta="right">
              Waiting for images to finish uploading…
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
