/** English texts of the delivery screens (the spec's texts word for word). */
export default {} as const;
