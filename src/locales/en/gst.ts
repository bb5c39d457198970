/** English texts of the gst screens (the spec's texts word for word). */
export default {} as const;
