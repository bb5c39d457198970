import { Alert, Button, Card, FileInput, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { StatementResponse } from '../../../core/schemas/payment';
import { SectionTitle } from '../../components/section-title';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { uploadStatement } from './reconciliation-api';
import { StatementResult } from './statement-result';

/**
 * "Upload settlement CSV": the provider's or bank's statement, matched to the shop's UPI sales on the server;
 * then what matched, the lines that matched nothing and the sales the statement has no payment for.
 */
export function StatementUpload({ shopId, onUploaded }: { shopId?: string; onUploaded: () => void }) {
  const t = useT('reconciliation');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StatementResponse | null>(null);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await uploadStatement(file, shopId));
      setFile(null);
      onUploaded();
    } catch (err) {
      setError(errorMessage(err, t('uploadFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="statement-upload">
      <Stack gap="sm">
        <SectionTitle title={t('uploadTitle')} hint={t('uploadHint')} />
        <FileInput
          label={t('chooseFile')}
          placeholder={t('chooseFilePlaceholder')}
          description={t('limits')}
          accept=".csv,text/csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          clearable
          disabled={busy}
          size="md"
          data-testid="statement-file"
        />
        <Group>
          <Button
            onClick={upload}
            disabled={!file}
            loading={busy}
            size="md"
            w={{ base: '100%', sm: 'auto' }}
            data-testid="statement-upload-button"
          >
            {busy ? t('uploading') : t('upload')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" data-testid="statement-error">
            {error}
          </Alert>
        )}
        {result && <StatementResult result={result} />}
      </Stack>
    </Card>
  );
}
