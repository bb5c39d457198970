/** English texts of the cart screens (the spec's texts word for word). */
export default {} as const;
