import { Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

// A lot label's QR code holds its public verification link (…/verify/<lot id>).
const LOT_ID = /\/verify\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The camera, read a few times a second until a lot label's QR code is in view. */
export function ScanDialog({ onClose, onLot }: { onClose: () => void; onLot: (lotId: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const Barcode = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Barcode({ formats: ['qr_code'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(async () => {
          if (!video.current) return;
          const codes = await detector.detect(video.current).catch(() => []);
          for (const c of codes) {
            const id = LOT_ID.exec(c.rawValue)?.[1];
            if (id) {
              onLot(id);
              return;
            }
            setProblem('That code is not a PlasTrace lot label.');
          }
        }, 300);
      })
      .catch(() =>
        setProblem('The camera could not be opened. Allow it in the browser, or type the lot code.'),
      );
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [onLot]);

  return (
    <Modal opened onClose={onClose} title="Scan a lot label" centered>
      <Stack gap="sm">
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />
        <Text size="sm" c={problem ? 'red' : 'dimmed'} role="status">
          {problem ?? 'Hold the QR code of the lot label in front of the camera.'}
        </Text>
      </Stack>
    </Modal>
  );
}
