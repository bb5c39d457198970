/** English texts of the admin screens (the spec's texts word for word). */
export default {} as const;
