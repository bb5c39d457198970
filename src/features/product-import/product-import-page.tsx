import { Alert, Button, Card, Checkbox, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ProductImportResult } from '../../../core/schemas/product-import';
import { errorMessage } from '../../lib/api';
import { PageHeader } from '../../components/page-header';
import { SectionTitle } from '../../components/section-title';
import { useT } from '../../lib/i18n';
import { ImportReport } from './import-report';
import { ImportRows } from './import-rows';
import { downloadExport, downloadTemplate, importProducts } from './product-import-api';

/** /products/import: download the catalogue or a template; choose a file, see its dry run, then import it. */
export default function ProductImportPage() {
  const t = useT('product-import');
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ProductImportResult | null>(null);
  const [done, setDone] = useState<ProductImportResult | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // off by default: re-importing an old file must not undo the sales and receipts since
  const [setStock, setSetStock] = useState(false);

  /** The dry run of a file: checked again when "Set stock from the file" changes what it would do. */
  const checkFile = async (f: File | null, withStock: boolean) => {
    setFile(f);
    setCheck(null);
    setDone(null);
    setError(null);
    if (!f) return;
    setBusy('check');
    try {
      setCheck(await importProducts(f, { dryRun: true, setStock: withStock }));
    } catch (err) {
      setError(errorMessage(err, t('checkFailed')));
    } finally {
      setBusy(null);
    }
  };
  const choose = (f: File | null) => checkFile(f, setStock);
  const toggleStock = (on: boolean) => {
    setSetStock(on);
    if (file) void checkFile(file, on);
  };

  const save = async (skipInvalid: boolean) => {
    if (!file) return;
    setBusy('import');
    setError(null);
    try {
      const result = await importProducts(file, { skipInvalid, setStock });
      setDone(result);
      setCheck(null);
      setFile(null);
    } catch (err) {
      setError(errorMessage(err, t('importFailed')));
    } finally {
      setBusy(null);
    }
  };

  const download = async (run: () => Promise<void> | void) => {
    try {
      await run();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, t('downloadFailed')) });
    }
  };

  const valid = check ? check.created + check.updated : 0;
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} mb={0} link={{ to: '/productList', label: t('backToProducts'), variant: 'subtle' }} />

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <SectionTitle title={t('exportTitle')} hint={t('exportHint')} />
          <Group gap="sm">
            <Button variant="light" onClick={() => download(() => downloadExport('csv'))}>
              {t('downloadCsv')}
            </Button>
            <Button variant="light" onClick={() => download(() => downloadExport('xlsx'))}>
              {t('downloadXlsx')}
            </Button>
            <Button variant="default" onClick={() => download(downloadTemplate)}>
              {t('downloadTemplate')}
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <SectionTitle title={t('importTitle')} />
          <FileInput
            label={t('chooseFile')}
            placeholder={t('chooseFilePlaceholder')}
            description={t('limits')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={choose}
            clearable
            disabled={busy !== null}
            size="md"
          />
          <Checkbox
            label={t('setStock')}
            description={t('setStockHint')}
            checked={setStock}
            onChange={(e) => toggleStock(e.currentTarget.checked)}
            disabled={busy !== null}
          />
          {busy && (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{busy === 'check' ? t('checking') : t('importing')}</Text>
            </Group>
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="import-error">
              {error}
            </Alert>
          )}
          {done && (
            <>
              <Alert color="green" role="status" data-testid="import-done">
                {t('done', { created: done.created, updated: done.updated, unchanged: done.unchanged })}
              </Alert>
              <ImportRows result={done} />
            </>
          )}
        </Stack>
      </Card>

      {check && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="md">
            <ImportReport result={check} />
            {valid === 0 && check.invalid === 0 && <Text>{t('nothingToImport')}</Text>}
            <Group gap="sm">
              {check.invalid === 0 && valid > 0 && (
                <Button onClick={() => save(false)} loading={busy === 'import'}>
                  {valid === 1 ? t('importAllOne') : t('importAll', { n: valid })}
                </Button>
              )}
              {check.invalid > 0 && valid > 0 && (
                <Button color="orange" onClick={() => save(true)} loading={busy === 'import'}>
                  {valid === 1 ? t('importValidOne') : t('importValid', { n: valid })}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
