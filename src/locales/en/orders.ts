/** English texts of the orders screens (the spec's texts word for word). */
export default {} as const;
