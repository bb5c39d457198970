import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ProductDto } from '../../../core/schemas/product';
import type { StockCountResult } from '../../../core/schemas/stock';
import { ResponsiveTable } from '../../components/responsive-table';
import { useSignedQuantity } from '../../components/stock-movements';
import { useT } from '../../lib/i18n';
import { useUnitText } from '../../lib/unit-text';

interface Props {
  result: StockCountResult;
  /** The counted products, for their names and units. */
  products: ProductDto[];
  onAgain: () => void;
}

/** What the applied count did: each product's stock before, as counted, and the difference written to its ledger. */
export function CountResult({ result, products, onAgain }: Props) {
  const t = useT('stock');
  const units = useUnitText();
  const signed = useSignedQuantity();
  const byId = new Map(products.map((p) => [p._id, p]));
  const unit = (id: string) => byId.get(id)?.unit ?? 'pcs';
  return (
    <Alert color="teal" title={t('countResult')} data-testid="count-result">
      <Stack gap="sm">
        <ResponsiveTable
          label={t('countResult')}
          rows={result.lines}
          rowKey={(l) => l.productId}
          columns={[
            { key: 'name', header: t('product'), cardTitle: true, render: (l) => byId.get(l.productId)?.name ?? '' },
            { key: 'before', header: t('before'), nowrap: true, render: (l) => units.quantity(l.before, unit(l.productId)) },
            { key: 'counted', header: t('counted'), nowrap: true, render: (l) => units.quantity(l.counted, unit(l.productId)) },
            {
              key: 'difference',
              header: t('difference'),
              nowrap: true,
              render: (l) => (
                <Text span inherit fw={700} c={l.difference === 0 ? 'dimmed' : l.difference > 0 ? 'teal.8' : 'red.8'}>
                  {signed(l.difference, unit(l.productId))}
                </Text>
              ),
            },
          ]}
        />
        <Button variant="light" onClick={onAgain} style={{ alignSelf: 'flex-start' }}>
          {t('countAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
