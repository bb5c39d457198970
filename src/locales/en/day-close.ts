/** English texts of the day-close screens (the spec's texts word for word). */
export default {} as const;
