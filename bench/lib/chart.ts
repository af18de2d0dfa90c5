/**
 * A throughput/latency chart as plain SVG, written from the numbers (no browser, no plotting
 * package): x = committed transfers per second, y = latency in ms (p99 solid, p50 dashed), one
 * point per closed-loop concurrency step, one colour per system. latencyPanelsSvg stacks several
 * such panels in one picture (the bench adds p99 against the offered rate at equal rates, on a
 * logarithmic latency axis, since the systems' latencies there differ by factors).
 */
export interface ChartSeries {
  name: string;
  colour: string;
  /** An empty label draws the point without a caption. */
  points: Array<{ label: string; x: number; p50: number; p99: number }>;
}

export interface ChartPanel {
  /** Drawn above the panel (the first panel's sits under the picture's title). */
  subtitle?: string;
  xLabel: string;
  series: ChartSeries[];
  /** Logarithmic latency axis (values below 1 ms are drawn at 1 ms). */
  logY?: boolean;
}

const width = 760;
const panelHeight = 460;
const margin = { left: 70, right: 170, top: 40, bottom: 60 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Decades from 1 ms up to the first power of ten at or above the largest value. */
function logTicks(max: number): number[] {
  const top = 10 ** Math.max(1, Math.ceil(Math.log10(Math.max(1, max))));
  const ticks: number[] = [];
  for (let v = 1; v <= top; v *= 10) ticks.push(v);
  return ticks;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** One panel's elements, its plot area starting `top` pixels below the picture's top. */
function panelParts(panel: ChartPanel, top: number): string[] {
  const all = panel.series.flatMap((s) => s.points);
  const xMax = niceMax(Math.max(1, ...all.map((p) => p.x)) * 1.05);
  const yMaxValue = Math.max(1, ...all.map((p) => p.p99));
  const plotW = width - margin.left - margin.right;
  const plotH = panelHeight - margin.top - margin.bottom;
  const plotTop = top + margin.top;
  const sx = (x: number) => margin.left + (x / xMax) * plotW;
  let sy: (y: number) => number;
  let yTicks: number[];
  if (panel.logY) {
    yTicks = logTicks(yMaxValue);
    const logMax = Math.log10(yTicks[yTicks.length - 1]!);
    sy = (y: number) => plotTop + plotH - (Math.log10(Math.max(1, y)) / logMax) * plotH;
  } else {
    const yMax = niceMax(yMaxValue * 1.05);
    yTicks = [0, 1, 2, 3, 4, 5].map((i) => (yMax / 5) * i);
    sy = (y: number) => plotTop + plotH - (y / yMax) * plotH;
  }
  const parts: string[] = [];
  if (panel.subtitle) parts.push(`<text x="${margin.left}" y="${plotTop - 10}" font-size="13">${escapeXml(panel.subtitle)}</text>`);
  for (let i = 0; i <= 5; i += 1) {
    const xv = (xMax / 5) * i;
    parts.push(`<line x1="${sx(xv)}" y1="${plotTop}" x2="${sx(xv)}" y2="${plotTop + plotH}" stroke="#eee"/>`);
    parts.push(`<text x="${sx(xv)}" y="${plotTop + plotH + 18}" text-anchor="middle">${Math.round(xv)}</text>`);
  }
  for (const yv of yTicks) {
    parts.push(`<line x1="${margin.left}" y1="${sy(yv)}" x2="${margin.left + plotW}" y2="${sy(yv)}" stroke="#eee"/>`);
    parts.push(`<text x="${margin.left - 8}" y="${sy(yv) + 4}" text-anchor="end">${Math.round(yv)}</text>`);
  }
  parts.push(`<rect x="${margin.left}" y="${plotTop}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  parts.push(`<text x="${margin.left + plotW / 2}" y="${top + panelHeight - 18}" text-anchor="middle">${escapeXml(panel.xLabel)}</text>`);
  parts.push(
    `<text transform="translate(18 ${plotTop + plotH / 2}) rotate(-90)" text-anchor="middle">latency ms${panel.logY ? ', log scale' : ''} (p99 solid, p50 dashed)</text>`,
  );
  panel.series.forEach((s, index) => {
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    const line = (key: 'p50' | 'p99') => pts.map((p) => `${sx(p.x).toFixed(1)},${sy(p[key]).toFixed(1)}`).join(' ');
    if (pts.length > 0) {
      parts.push(`<polyline points="${line('p99')}" fill="none" stroke="${s.colour}" stroke-width="2"/>`);
      parts.push(`<polyline points="${line('p50')}" fill="none" stroke="${s.colour}" stroke-width="1.5" stroke-dasharray="5 4"/>`);
    }
    for (const p of pts) {
      parts.push(`<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.p99).toFixed(1)}" r="4" fill="${s.colour}"/>`);
      if (p.label)
        parts.push(
          `<text x="${(sx(p.x) + 6).toFixed(1)}" y="${(sy(p.p99) - 6).toFixed(1)}" fill="${s.colour}">${escapeXml(p.label)}</text>`,
        );
    }
    const ly = plotTop + 16 + index * 20;
    const lx = margin.left + plotW + 16;
    parts.push(`<line x1="${lx}" y1="${ly - 4}" x2="${lx + 24}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"/>`);
    parts.push(`<text x="${lx + 30}" y="${ly}">${escapeXml(s.name)}</text>`);
  });
  return parts;
}

/** Panels stacked top to bottom under one title. */
export function latencyPanelsSvg(title: string, panels: ChartPanel[]): string {
  const height = panelHeight * Math.max(1, panels.length);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="100%" height="100%" fill="white"/>`);
  parts.push(`<text x="${margin.left}" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`);
  panels.forEach((panel, index) => {
    parts.push(...panelParts(index === 0 ? { ...panel, subtitle: undefined } : panel, index * panelHeight));
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function throughputLatencySvg(title: string, series: ChartSeries[]): string {
  return latencyPanelsSvg(title, [{ xLabel: 'committed transfers per second', series }]);
}
