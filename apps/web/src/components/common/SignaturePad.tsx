import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

// A receiver signs on the driver's phone with a finger (or a mouse): strokes are drawn on a canvas and
// the pad hands back a PNG once something was drawn. Someone who cannot draw uses the photo instead.

const HEIGHT = 160;

export function SignaturePad({
  label,
  onChange,
}: {
  label: string;
  /** The signature as PNG, or null when cleared. */
  onChange: (png: Blob | null) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    // Sharp lines on high-density screens: the bitmap at device pixels, drawn at CSS pixels.
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = HEIGHT * ratio;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    canvas.current?.toBlob((b) => onChange(drawn.current ? b : null), 'image/png');
  };

  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    drawn.current = false;
    onChange(null);
  };

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={clear}>
          Clear signature
        </Button>
      </Group>
      <Text size="xs" c="dimmed" id={hintId} mb={4}>
        Sign with a finger or the mouse; without a pointer, add a photo of the signed receipt instead.
      </Text>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        style={{
          width: '100%',
          height: HEIGHT,
          touchAction: 'none',
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 8,
          background: 'white',
          cursor: 'crosshair',
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          const ctx = e.currentTarget.getContext('2d');
          const p = point(e);
          ctx?.beginPath();
          ctx?.moveTo(p.x, p.y);
          drawing.current = true;
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          const p = point(e);
          ctx?.lineTo(p.x, p.y);
          ctx?.stroke();
          drawn.current = true;
        }}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
    </Box>
  );
}
