/** English texts of the vendor-products screens (the spec's texts word for word). */
export default {} as const;
