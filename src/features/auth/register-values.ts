/** The registration form's values, shaped like the request (core/schemas/user.ts registerSchema). */
export const EMPTY_REGISTRATION = {
  name: '',
  phone: '',
  password: '',
  /** The confirmation is the form's own: the request has no such field. */
  confirm: '',
  address: { address: '', city: '', pincode: '', phoneNumber: '', area: '' },
};
export type RegisterValues = typeof EMPTY_REGISTRATION;
