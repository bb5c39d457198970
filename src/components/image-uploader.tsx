import { ActionIcon, Box, Button, FileButton, Group, Image, Input, Progress, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { MSG } from '../../core/messages';
import { getLanguage, useT } from '../lib/i18n';
import { loadCatalogues, useMsg } from '../lib/messages';
import { useSession } from '../stores/session';

/**
 * Uploads one image file and reports progress. Uses XMLHttpRequest because fetch (and so ky) cannot report
 * upload progress over HTTP/1.1. By default it goes to our own POST /api/uploads with the Bearer token;
 * with VITE_IMAGE_UPLOAD_URL set it goes to that external host with VITE_IMAGE_UPLOAD_PRESET.
 */
export function uploadImage(
  file: File,
  token: string | null,
  onProgress: (percent: number) => void,
  failText: string = MSG.uploadFailed,
): Promise<string> {
  const externalUrl = import.meta.env.VITE_IMAGE_UPLOAD_URL as string | undefined;
  const preset = import.meta.env.VITE_IMAGE_UPLOAD_PRESET as string | undefined;
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    if (externalUrl) {
      if (preset) form.append('upload_preset', preset);
      xhr.open('POST', externalUrl);
    } else {
      xhr.open('POST', '/api/uploads');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded * 100) / e.total)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const url = (JSON.parse(xhr.responseText) as { secure_url?: unknown }).secure_url;
          if (typeof url === 'string' && url) return resolve(url);
        } catch {
          /* fall through */
        }
      }
      if (xhr.status === 401 && !externalUrl) useSession.getState().clear();
      // our server says why (quota, type, size), by code in the interface language: shown after the spec's text
      const why = !externalUrl && xhr.status >= 400 && xhr.status < 500 ? uploadRefusal(xhr.responseText) : Promise.resolve('');
      void why.then((reason) => reject(new Error(reason ? `${failText} ${reason}` : failText)));
    };
    xhr.onerror = () => reject(new Error(failText));
    xhr.ontimeout = () => reject(new Error(failText));
    xhr.send(form);
  });
}

/** Why our server refused an upload: its code's text in the interface language ('' when it gave none). */
async function uploadRefusal(body: string): Promise<string> {
  let answer: { code?: unknown; params?: unknown; message?: unknown };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return '';
  }
  const { isMessageCode, messageText } = await loadCatalogues();
  if (isMessageCode(answer.code)) return messageText(answer.code, getLanguage(), answer.params);
  return typeof answer.message === 'string' ? answer.message : '';
}

interface Pending {
  id: number;
  name: string;
  preview: string;
  progress: number;
}

interface ImageUploaderProps {
  /** URLs already uploaded (and, when editing, the product's current images). */
  value: string[];
  onChange: (urls: string[]) => void;
  /** True while at least one file is still uploading, so the form can wait before submitting. */
  onBusyChange?: (busy: boolean) => void;
  label?: string;
  description?: string;
  required?: boolean;
  error?: ReactNode;
}

let nextId = 1;

/** A neutral picture for products without images. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90"><rect width="120" height="90" fill="#f1f3f5"/><path d="M38 62l14-18 10 12 8-9 12 15z" fill="#ced4da"/><circle cx="48" cy="34" r="6" fill="#ced4da"/></svg>',
  );

/** Several images, each uploaded as soon as it is picked with its own progress bar; thumbnails removable. */
export function ImageUploader({ value, onChange, onBusyChange, label: labelProp, description, required, error }: ImageUploaderProps) {
  const t = useT('common');
  const msg = useMsg();
  const label = labelProp ?? t('images');
  const token = useSession((s) => s.userInfo?.token ?? null);
  const [pending, setPending] = useState<Pending[]>([]);
  const valueRef = useRef(value);
  valueRef.current = value;
  const resetRef = useRef<() => void>(null);

  useEffect(() => {
    onBusyChange?.(pending.length > 0);
  }, [pending.length, onBusyChange]);

  const pick = (files: File[]) => {
    resetRef.current?.();
    const images = files.filter((f) => f.type.startsWith('image/') || f.type === '');
    if (images.length < files.length) notifications.show({ color: 'red', message: t('onlyImageFiles') });
    for (const file of images) {
      const id = nextId++;
      const preview = URL.createObjectURL(file);
      setPending((p) => [...p, { id, name: file.name, preview, progress: 0 }]);
      uploadImage(file, token, (progress) => setPending((p) => p.map((x) => (x.id === id ? { ...x, progress } : x))), msg.uploadFailed)
        .then((url) => {
          const next = [...valueRef.current, url];
          valueRef.current = next;
          onChange(next);
        })
        .catch((err: Error) => notifications.show({ color: 'red', message: err.message || msg.uploadFailed }))
        .finally(() => {
          URL.revokeObjectURL(preview);
          setPending((p) => p.filter((x) => x.id !== id));
        });
    }
  };

  const remove = (url: string) => {
    const next = valueRef.current.filter((u) => u !== url);
    valueRef.current = next;
    onChange(next);
  };

  return (
    <Input.Wrapper label={label} description={description} required={required} error={error}>
      <Box mt={6}>
        {(value.length > 0 || pending.length > 0) && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" mb="xs">
            {value.map((url, i) => (
              <Box key={url} pos="relative" data-testid="uploaded-image">
                <Image src={url} alt={t('imageN', { n: i + 1 })} h={88} radius="sm" fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} />
                <ActionIcon
                  pos="absolute"
                  top={4}
                  right={4}
                  size="sm"
                  color="red"
                  radius="xl"
                  variant="filled"
                  aria-label={t('removeImageN', { n: i + 1 })}
                  onClick={() => remove(url)}
                >
                  ×
                </ActionIcon>
              </Box>
            ))}
            {pending.map((p) => (
              <Box key={p.id} pos="relative">
                <Image src={p.preview} alt={t('uploadingName', { name: p.name })} h={88} radius="sm" fit="cover" style={{ opacity: 0.5 }} />
                <Progress value={p.progress} size="sm" mt={4} aria-label={t('uploadingName', { name: p.name })} animated striped />
                <Text size="xs" c="dimmed" ta="center">
                  {p.progress}%
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
        <Group gap="xs">
          <FileButton onChange={pick} accept="image/*" multiple resetRef={resetRef} inputProps={{ 'aria-label': label }}>
            {(props) => (
              <Button {...props} variant="light">
                {value.length > 0 ? t('addMoreImages') : t('chooseImages')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {value.length > 0 ? t('nUploaded', { n: value.length }) : t('imageTypes')}
          </Text>
        </Group>
      </Box>
    </Input.Wrapper>
  );
}
