/** The parts of a delivery address a one-line address is made of. */
export interface AddressParts {
  address?: string;
  area?: string;
  city?: string;
  pincode?: string;
}

/**
 * A delivery address on one line, "12 Gandhi St, Adyar, Chennai, 600020" ('' when it has none): the
 * order's own area stands in for an address saved without one. The rider's cards (server) and the
 * order's own screens (web) write it alike, so the map link is the same from both.
 */
export function addressLine(a: AddressParts | null | undefined, orderArea?: string): string {
  return [a?.address, a?.area || orderArea, a?.city, a?.pincode]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
}
