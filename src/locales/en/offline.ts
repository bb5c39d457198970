/** English texts of the offline layer: sync chip, outbox, saved data, updates. */
export default {} as const;
