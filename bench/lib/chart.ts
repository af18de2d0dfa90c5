/**
 * A throughput/latency chart as plain SVG, written from the numbers (no browser, no plotting
 * package): x = committed transfers per second, y = latency in ms (p99 solid, p50 dashed), one
 * point per closed-loop concurrency step, one colour per system.
 */
export interface ChartSeries {
  name: string;
  colour: string;
  points: Array<{ label: string; x: number; p50: number; p99: number }>;
}

const width = 760;
const height = 460;
const margin = { left: 70, right: 170, top: 40, bottom: 60 };

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function throughputLatencySvg(title: string, series: ChartSeries[]): string {
  const all = series.flatMap((s) => s.points);
  const xMax = niceMax(Math.max(1, ...all.map((p) => p.x)) * 1.05);
  const yMax = niceMax(Math.max(1, ...all.map((p) => p.p99)) * 1.05);
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const sx = (x: number) => margin.left + (x / xMax) * plotW;
  const sy = (y: number) => margin.top + plotH - (y / yMax) * plotH;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  parts.push(`<rect width="100%" height="100%" fill="white"/>`);
  parts.push(`<text x="${margin.left}" y="24" font-size="15" font-weight="bold">${escapeXml(title)}</text>`);
  const ticks = 5;
  for (let i = 0; i <= ticks; i += 1) {
    const xv = (xMax / ticks) * i;
    const yv = (yMax / ticks) * i;
    parts.push(`<line x1="${sx(xv)}" y1="${margin.top}" x2="${sx(xv)}" y2="${margin.top + plotH}" stroke="#eee"/>`);
    parts.push(`<text x="${sx(xv)}" y="${margin.top + plotH + 18}" text-anchor="middle">${Math.round(xv)}</text>`);
    parts.push(`<line x1="${margin.left}" y1="${sy(yv)}" x2="${margin.left + plotW}" y2="${sy(yv)}" stroke="#eee"/>`);
    parts.push(`<text x="${margin.left - 8}" y="${sy(yv) + 4}" text-anchor="end">${Math.round(yv)}</text>`);
  }
  parts.push(`<rect x="${margin.left}" y="${margin.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`);
  parts.push(`<text x="${margin.left + plotW / 2}" y="${height - 18}" text-anchor="middle">committed transfers per second</text>`);
  parts.push(
    `<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle">latency ms (p99 solid, p50 dashed)</text>`,
  );
  series.forEach((s, index) => {
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    const line = (key: 'p50' | 'p99') => pts.map((p) => `${sx(p.x).toFixed(1)},${sy(p[key]).toFixed(1)}`).join(' ');
    if (pts.length > 0) {
      parts.push(`<polyline points="${line('p99')}" fill="none" stroke="${s.colour}" stroke-width="2"/>`);
      parts.push(`<polyline points="${line('p50')}" fill="none" stroke="${s.colour}" stroke-width="1.5" stroke-dasharray="5 4"/>`);
    }
    for (const p of pts) {
      parts.push(`<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.p99).toFixed(1)}" r="4" fill="${s.colour}"/>`);
      parts.push(`<text x="${(sx(p.x) + 6).toFixed(1)}" y="${(sy(p.p99) - 6).toFixed(1)}" fill="${s.colour}">${escapeXml(p.label)}</text>`);
    }
    const ly = margin.top + 16 + index * 20;
    const lx = margin.left + plotW + 16;
    parts.push(`<line x1="${lx}" y1="${ly - 4}" x2="${lx + 24}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2"/>`);
    parts.push(`<text x="${lx + 30}" y="${ly}">${escapeXml(s.name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}
