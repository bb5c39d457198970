/** English texts of the shop-order screens (the spec's texts word for word). */
export default {} as const;
