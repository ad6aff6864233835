/** The inner edges of a small inline SVG chart (no chart library): its plot area inside the view box. */
export type SvgFrame = {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
};

/**
 * A small SVG chart's two axis lines and its highest and lowest value, written at the left axis. The
 * caller draws its own time labels and lines inside the frame.
 */
export function SvgAxes({ frame, high, low }: { frame: SvgFrame; high: string; low: string }) {
  const { width, height, pad } = frame;
  const bottom = height - pad.bottom;
  return (
    <>
      <line
        x1={pad.left}
        y1={bottom}
        x2={width - pad.right}
        y2={bottom}
        stroke="currentColor"
        opacity={0.3}
      />
      <line x1={pad.left} y1={pad.top} x2={pad.left} y2={bottom} stroke="currentColor" opacity={0.3} />
      <text x={pad.left - 6} y={pad.top + 4} textAnchor="end" fontSize={11} fill="currentColor">
        {high}
      </text>
      <text x={pad.left - 6} y={bottom} textAnchor="end" fontSize={11} fill="currentColor">
        {low}
      </text>
    </>
  );
}
