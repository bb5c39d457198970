/**
 * The one form hook (src/lib/use-schema-form.ts) and its check (src/lib/schema-errors.ts): a form's
 * values are parsed with the schema the server applies to the request, every mistake lands on its
 * field's path as a message code, and an API refusal naming a field goes beside that field.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '../../../core/message-text';
import { profileUpdateSchema, registerSchema, userDto, type UserDto } from '../../../core/schemas/user';
import { productCreateBody, productUpdateSchema } from '../../../core/schemas/product';
import { ApiError } from '../../../src/lib/api';
import { loadCatalogues } from '../../../src/lib/messages';
import { checkForm, type FieldErrors } from '../../../src/lib/schema-errors';
import { errorAt, repeats, serverProblem, type SchemaForm, useSchemaForm, valueAt } from '../../../src/lib/use-schema-form';
import { EMPTY_REGISTRATION, type RegisterValues } from '../../../src/features/auth/register-values';
import { profileProblems, requestOf as profileRequest, valuesOf as profileValues } from '../../../src/features/profile/profile-values';
import {
  EMPTY_PRODUCT,
  productProblems,
  type ProductValues,
  requestOf as productRequest,
} from '../../../src/features/vendor-products/product-values';

const codes = (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).map(([path, c]) => [path, c.code]));
const confirmation = repeats<RegisterValues>('confirm', 'password');

/** Registration with five mistakes: a 5-digit phone, a 3-character password, another confirmation, a 4-digit pincode, no area. */
const FIVE_MISTAKES: RegisterValues = {
  ...EMPTY_REGISTRATION,
  name: 'Kavitha Raman',
  phone: '98765',
  password: 'abc',
  confirm: 'abd',
  address: { address: '7 Pillaiyar Koil Street', city: 'Chennai', pincode: '6000', phoneNumber: '', area: '' },
};

describe('checkForm: the schema the server applies, issue by issue', () => {
  it('names each of the five registration mistakes beside its own field', () => {
    const result = checkForm(registerSchema, FIVE_MISTAKES, confirmation(FIVE_MISTAKES));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(codes(result.errors)).toEqual({
      phone: 'invalidPhoneDot',
      password: 'passwordTooShort',
      'address.pincode': 'pincodeInvalid',
      'address.area': 'fillRequired',
      confirm: 'passwordsMismatch',
    });
    // the texts by code, in either language: the spec's English, and Tamil
    expect(messageText(result.errors.confirm.code, 'en')).toBe('Passwords do not match.');
    expect(messageText(result.errors['address.pincode'].code, 'ta')).toMatch(/[\u0B80-\u0BFF]/);
  });

  it('answers the request as the server parses it: trimmed, without the form-only confirmation', () => {
    const values: RegisterValues = {
      ...FIVE_MISTAKES,
      name: '  Kavitha Raman ',
      phone: '9876543210',
      password: 'Secret@123',
      confirm: 'Secret@123',
      address: { ...FIVE_MISTAKES.address, pincode: '600020', area: 'Adyar' },
    };
    const result = checkForm(registerSchema, values, confirmation(values));
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Kavitha Raman',
        phone: '9876543210',
        password: 'Secret@123',
        address: { address: '7 Pillaiyar Koil Street', city: 'Chennai', pincode: '600020', phoneNumber: '', area: 'Adyar' },
      },
    });
  });

  it('a problem only the form knows refuses values the schema accepts', () => {
    const values = { ...FIVE_MISTAKES, phone: '9876543210', password: 'Secret@123', confirm: 'Secret@124' };
    const fixed = { ...values, address: { ...values.address, pincode: '600020', area: 'Adyar' } };
    const result = checkForm(registerSchema, fixed, confirmation(fixed));
    expect(result.ok ? null : codes(result.errors)).toEqual({ confirm: 'passwordsMismatch' });
  });

  it("gives zod's own checks a code and their values (a text over its limit)", () => {
    const result = checkForm(profileUpdateSchema, { vendorDetails: { shopName: 'x'.repeat(101) } });
    expect(result.ok ? null : result.errors).toEqual({ 'vendorDetails.shopName': { code: 'tooLong', params: { max: 100 } } });
  });
});

describe('Update Profile refuses what the server refuses', () => {
  const profile = userDto.parse({
    _id: 'u1',
    name: 'Lakshmi Priya',
    email: '',
    phone: '9876500003',
    role: 'user',
    addresses: [{ address: '12 Kutchery Road', city: 'Chennai', pincode: '600004', phoneNumber: '', area: 'Adyar' }],
    gstNumber: '',
    upiId: '',
    language: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
  }) as UserDto;
  const check = (values: ReturnType<typeof profileValues>) =>
    checkForm(profileUpdateSchema, profileRequest(values, profile), profileProblems(values, profile));

  it('a 4-digit pincode, beside the address it belongs to', () => {
    const values = profileValues(profile);
    values.addresses = [{ ...values.addresses[0], pincode: '6000' }];
    const result = check(values);
    expect(result.ok ? null : codes(result.errors)).toEqual({ 'addresses.0.pincode': 'pincodeInvalid' });
  });

  it('a new password needs its confirmation and the current password, as the server asks', () => {
    const values = { ...profileValues(profile), password: 'Second@123', confirm: 'Second@124' };
    const result = check(values);
    expect(result.ok ? null : codes(result.errors)).toEqual({ confirm: 'passwordsMismatch', currentPassword: 'currentPasswordRequired' });
    const ok = check({ ...values, confirm: 'Second@123', currentPassword: 'First@123' });
    expect(ok.ok && ok.data).toMatchObject({ password: 'Second@123', currentPassword: 'First@123' });
  });

  it('an unchanged profile is sent as it is, without a password', () => {
    const result = check(profileValues(profile));
    expect(result.ok && result.data).toEqual({
      name: 'Lakshmi Priya',
      email: '',
      phone: '9876500003',
      addresses: [{ address: '12 Kutchery Road', city: 'Chennai', pincode: '600004', phoneNumber: '', area: 'Adyar' }],
    });
  });
});

describe('the product form refuses what the server refuses', () => {
  const filled: ProductValues = {
    ...EMPTY_PRODUCT,
    name: 'Ponni Rice',
    price: 120,
    shopPrice: 100,
    countInStock: 40,
    reOrderLevel: 5,
    category: 'Grains',
    subcategory: 'Rice',
    gst: 'gst-1',
    images: ['/api/uploads/a.png'],
  };
  const create = { isEdit: false, isAdmin: false };
  const check = (v: ProductValues, mode = create) =>
    checkForm(mode.isEdit ? productUpdateSchema : productCreateBody, productRequest(v, mode), productProblems(v, mode));

  it('names each blank required field, and the missing image of a new product', () => {
    const result = check(EMPTY_PRODUCT);
    expect(result.ok ? null : codes(result.errors)).toEqual({
      name: 'fillRequired',
      price: 'fillRequired',
      shopPrice: 'fillRequired',
      countInStock: 'fillRequired',
      reOrderLevel: 'fillRequired',
      category: 'fillRequired',
      subcategory: 'fillRequired',
      gst: 'fillRequired',
      images: 'imageRequired',
    });
  });

  it('a discount above the shop price, a wrong barcode check digit, stock in halves of a piece', () => {
    const result = check({ ...filled, discount: 150, barcode: '8901234567891', countInStock: 2.5 });
    expect(result.ok ? null : codes(result.errors)).toEqual({
      barcode: 'barcodeCheckDigit',
      countInStock: 'stockWhole',
      discount: 'discountOverPrice',
    });
  });

  it('an admin names the vendor of a new product; an edit keeps the images when none are left', () => {
    const admin = { isEdit: false, isAdmin: true };
    expect(check(filled, admin).ok ? null : codes((check(filled, admin) as { errors: FieldErrors }).errors)).toEqual({
      vendorId: 'chooseVendor',
    });
    const edit = check({ ...filled, images: [] }, { isEdit: true, isAdmin: false });
    expect(edit.ok && 'images' in edit.data).toBe(false);
  });

  it('a valid product is the request as the server parses it', () => {
    const result = check({ ...filled, discount: '', barcode: ' 8901234567890 ' });
    expect(result.ok && result.data).toMatchObject({ name: 'Ponni Rice', price: 120, discount: undefined, barcode: '8901234567890' });
  });
});

describe('paths and refusals', () => {
  beforeAll(() => loadCatalogues());

  it('reads a value by its dotted path, undefined where there is none', () => {
    const values = { address: { pincode: '6000' }, addresses: [{ city: 'Madurai' }], vendorId: null };
    expect(valueAt(values, 'address.pincode')).toBe('6000');
    expect(valueAt(values, 'addresses.0.city')).toBe('Madurai');
    expect(valueAt(values, 'vendorId')).toBeNull();
    expect(valueAt(values, 'language')).toBeUndefined();
    expect(valueAt(values, '')).toBeUndefined();
  });

  it("a field's error is its own, else the first of its parts", () => {
    const errors = { 'deliveryAreas.2': { code: 'fillRequired' }, name: { code: 'nameRequired' } } as FieldErrors;
    expect(errorAt(errors, 'name')).toEqual({ code: 'nameRequired' });
    expect(errorAt(errors, 'deliveryAreas')).toEqual({ code: 'fillRequired' });
    expect(errorAt(errors, 'email')).toBeUndefined();
  });

  it('an API refusal naming a field is a coded problem on that field; one naming none is not', () => {
    const wrong = new ApiError(400, { message: 'x', code: 'currentPasswordWrong', field: 'currentPassword' }, 'x');
    expect(serverProblem(wrong)).toEqual({ code: 'currentPasswordWrong', field: 'currentPassword' });
    const withParams = new ApiError(
      400,
      { message: 'x', code: 'unknownDeliveryArea', params: { name: 'Mars' }, field: 'deliveryAreas' },
      'x',
    );
    expect(serverProblem(withParams)).toEqual({ code: 'unknownDeliveryArea', params: { name: 'Mars' }, field: 'deliveryAreas' });
    expect(serverProblem(new ApiError(400, { message: 'x', code: 'lastAdmin' }, 'x'))).toBeNull();
    expect(serverProblem(new ApiError(400, { message: 'x', code: 'no such code', field: 'name' }, 'x'))).toBeNull();
    expect(serverProblem(new ApiError('FETCH_ERROR', undefined, 'FETCH_ERROR'))).toBeNull();
  });
});

describe('useSchemaForm', () => {
  /** Renders a component using the hook once (on the server renderer) and hands back what it returned. */
  function renderHook<V extends object, Out>(use: () => SchemaForm<V, Out>): SchemaForm<V, Out> {
    let form: SchemaForm<V, Out> | undefined;
    renderToString(
      createElement(() => {
        form = use();
        return null;
      }),
    );
    return form!;
  }
  const schema = () => import('../../../core/schemas/user').then((m) => m.registerSchema);

  it('starts from the values with no errors shown (nothing is checked before the first submit)', () => {
    const form = renderHook(() => useSchemaForm({ schema, initial: FIVE_MISTAKES, check: confirmation }));
    expect(form.values).toBe(FIVE_MISTAKES);
    expect(form.errors).toEqual({});
    expect(form.error('phone')).toBeUndefined();
    expect(form.unplaced).toBeNull();
  });

  it('validate() loads the schema and answers every mistake by path, or the parsed request', async () => {
    const bad = renderHook(() => useSchemaForm({ schema, initial: FIVE_MISTAKES, check: confirmation }));
    const refused = await bad.validate();
    expect(refused.ok ? null : Object.keys(refused.errors).sort()).toEqual([
      'address.area',
      'address.pincode',
      'confirm',
      'password',
      'phone',
    ]);

    const good = renderHook(() =>
      useSchemaForm({
        schema,
        initial: {
          ...FIVE_MISTAKES,
          phone: '9876543210',
          password: 'Secret@123',
          address: { ...FIVE_MISTAKES.address, pincode: '600020', area: 'Adyar' },
        },
        toInput: (v) => ({ ...v, name: v.name.toUpperCase() }),
      }),
    );
    const accepted = await good.validate();
    expect(accepted.ok && accepted.data.name).toBe('KAVITHA RAMAN');
  });

  it('serverError() takes a refusal about one of its fields, and leaves the others to the form', async () => {
    await loadCatalogues();
    const form = renderHook(() => useSchemaForm({ schema, initial: FIVE_MISTAKES }));
    expect(form.serverError(new ApiError(400, { message: 'x', code: 'chooseAreaFromList', field: 'address.area' }, 'x'))).toBe(true);
    expect(form.serverError(new ApiError(400, { message: 'x', code: 'languageInvalid', field: 'language' }, 'x'))).toBe(false);
    expect(form.serverError(new ApiError(500, { message: 'x', code: 'internalError' }, 'x'))).toBe(false);
  });
});
