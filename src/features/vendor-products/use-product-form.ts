import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { productCreateBody, ProductDto, ProductUpdateInput } from '../../../core/schemas/product';
import { errorMessage } from '../../lib/api';
import { useMsg } from '../../lib/messages';
import { useSchemaForm } from '../../lib/use-schema-form';
import { createProduct, updateProduct } from './products-api';
import { EMPTY_PRODUCT, type ProductFormMode, productProblems, requestOf, valuesOf } from './product-values';

const schemas = () => import('../../../core/schemas/product');
type CreateBody = z.output<typeof productCreateBody>;
type Schema = () => Promise<z.ZodType<CreateBody | ProductUpdateInput>>;
const createSchema: Schema = () => schemas().then((m) => m.productCreateBody);
const updateSchema: Schema = () => schemas().then((m) => m.productUpdateSchema);

/**
 * The product form: its values checked with the request's own schema (productCreateBody or
 * productUpdateSchema) and the rules the server applies after it; the save.
 */
export function useProductForm(product: ProductDto | undefined, mode: ProductFormMode) {
  const navigate = useNavigate();
  const fromHome = useSearchParams()[0].get('from') === 'home';
  const msg = useMsg();
  const form = useSchemaForm({
    schema: mode.isEdit ? updateSchema : createSchema,
    initial: () => (product ? valuesOf(product) : EMPTY_PRODUCT),
    toInput: (v) => requestOf(v, mode),
    check: (v) => productProblems(v, mode),
  });
  /** The server's refusal that names no field of the form (also in a toast). */
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const checked = await form.validate();
    if (!checked.ok) return;
    setSaving(true);
    try {
      if (product) await updateProduct(product._id, checked.data);
      else await createProduct(checked.data as CreateBody);
      notifications.show({ color: 'green', message: mode.isEdit ? msg.productUpdated : msg.productCreated });
      // from Home's first-day checklist: back there, where the step now shows done
      navigate(fromHome ? '/' : '/productList');
    } catch (err) {
      if (!form.serverError(err)) {
        const text = errorMessage(err, mode.isEdit ? msg.updateProductFailed : msg.createProductFailed);
        notifications.show({ color: 'red', message: text });
        setFailure(text);
      }
      setSaving(false);
    }
  }

  return { form, failure, saving, submit };
}

export type ProductForm = ReturnType<typeof useProductForm>['form'];
