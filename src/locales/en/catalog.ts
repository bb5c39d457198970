/** English texts of the catalog screens (the spec's texts word for word). */
export default {} as const;
