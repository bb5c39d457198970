import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';

/** What the browser's own detector offers (Chrome on Android, Safari 17+); not in every TypeScript DOM library yet. */
interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'];

/**
 * Starts the back camera on `el` and reads codes from it: the browser's own detector, else ZXing
 * (imported now). Calls `ready` with the function that stops it, or `failed`.
 */
function openCamera(el: HTMLVideoElement | null, found: (code: string) => void, ready: (stop: () => void) => void, failed: () => void) {
  (async () => {
    if (!el || !navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
    const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (Native) {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      el.srcObject = stream;
      await el.play();
      const detector = new Native({ formats: FORMATS });
      let timer = 0;
      let stopped = false;
      const tick = async () => {
        if (stopped) return;
        try {
          const [hit] = await detector.detect(el);
          if (hit) return found(hit.rawValue);
        } catch {
          /* a frame that could not be read: try the next */
        }
        timer = window.setTimeout(tick, 150);
      };
      ready(() => {
        stopped = true;
        clearTimeout(timer);
        stream.getTracks().forEach((tr) => tr.stop());
      });
      await tick();
    } else {
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      const reader = new BrowserMultiFormatReader();
      const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' }, audio: false }, el, (result) => {
        if (result) found(result.getText());
      });
      ready(() => controls.stop());
    }
  })().catch(failed);
}

/**
 * Scans a barcode with the phone's camera: the browser's BarcodeDetector where it has one, else the
 * ZXing decoder (JavaScript, in this chunk's own lazy chunk, precached for offline use), loaded only
 * now that the camera is opened.
 */
export default function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const t = useT('shop-order');
  // the modal mounts its content after opening: start when the video element is there
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const failed = t('cameraFailed');
  const failedRef = useRef(failed);
  failedRef.current = failed;

  useEffect(() => {
    if (!video) return;
    let stop = () => {};
    let closed = false;
    const found = (code: string) => {
      if (done.current || !code) return;
      done.current = true;
      onCodeRef.current(code);
    };
    openCamera(
      video,
      found,
      (s) => (closed ? s() : (stop = s)),
      () => setError(failedRef.current),
    );
    return () => {
      closed = true;
      stop();
    };
  }, [video]);

  return (
    <Modal opened onClose={onClose} title={t('scanWithCamera')} centered>
      <Stack gap="xs">
        {error ? (
          <Alert color="red">{error}</Alert>
        ) : (
          <>
            <video ref={setVideo} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
            <Text size="sm" c="dimmed">
              {t('cameraHint')}
            </Text>
          </>
        )}
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
