import { buyerStateCode } from '../../core/bill-language';
import { gstStateLabel } from '../../core/gstin';
import type { Buyer } from '../../core/place-of-supply';
import { useT } from '../lib/i18n';
import type { Lang } from '../lib/language';
import { SheetRow, SheetText } from './print-sheet';

/**
 * Who a bill (or a credit note) is to, and the place of supply, on a print sheet. With a GSTIN it is
 * what CGST rule 46 asks of a tax invoice to a registered buyer: name, address, GSTIN and state, and
 * the place of supply with its state's name. Without one: the buyer's name and phone as "Bill to".
 * In the bill's language (`lang`), else the interface's; without `placeOfSupply` the sheet shows it elsewhere (the A4 invoice's header).
 */
export function BuyerBlock({ buyer, placeOfSupply, lang }: { buyer: Buyer; placeOfSupply?: string; lang?: Lang }) {
  const t = useT('common', lang);
  const state = buyerStateCode(buyer);
  return (
    <div data-testid="bill-buyer">
      <SheetText small>{t('billTo')}</SheetText>
      <SheetText strong>{buyer.name}</SheetText>
      {buyer.address && <SheetText small>{buyer.address}</SheetText>}
      {buyer.gstin ? (
        <>
          <SheetRow label={t('buyerGstin')} value={<span data-testid="bill-buyer-gstin">{buyer.gstin}</span>} />
          {state && <SheetRow label={t('buyerState')} value={gstStateLabel(state)} />}
        </>
      ) : (
        buyer.phone && <SheetRow label={t('buyerPhone')} value={buyer.phone} />
      )}
      {placeOfSupply && (
        <SheetRow label={t('placeOfSupply')} value={<span data-testid="bill-place-of-supply">{gstStateLabel(placeOfSupply)}</span>} />
      )}
    </div>
  );
}
