/** Any 10-digit number (sign-in accepts this). */
export const TEN_DIGIT_PHONE = /^\d{10}$/;
/** An Indian mobile number: 10 digits starting 6-9 (registration and reset request). */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;
export const PINCODE = /^\d{6}$/;

export const isTenDigitPhone = (phone: string) => TEN_DIGIT_PHONE.test(phone);
export const isIndianMobile = (phone: string) => INDIAN_MOBILE.test(phone);
