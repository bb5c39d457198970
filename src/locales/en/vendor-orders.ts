/** English texts of the vendor-orders screens (the spec's texts word for word). */
export default {} as const;
