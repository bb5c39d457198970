/** English texts of the auth screens (the spec's texts word for word). */
export default {} as const;
