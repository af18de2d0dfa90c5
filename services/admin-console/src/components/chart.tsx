import { useEffect, useId, useRef, useState } from 'react';
import { Table } from './layout';

/** One line or one stack of bars: a value for each label. */
export interface ChartSeries {
  label: string;
  values: number[];
}

/** What a chart draws: the x labels (days) and the series over them. */
export interface ChartData {
  labels: string[];
  series: ChartSeries[];
}

/**
 * A chart drawn by Chart.js (./chart-drawing) on a canvas, with its numbers as a table under it: the canvas is an
 * image named by the title (screen readers announce it and move on), the table in a disclosure is
 * the text alternative anyone can open, keyboard and screen-reader users included.
 */
export function SeriesChart({
  title,
  kind,
  data,
  valueName,
  format,
}: {
  title: string;
  kind: 'line' | 'bar';
  data: ChartData;
  /** The y axis' name (e.g. "Coins"). */
  valueName: string;
  format: (value: number) => string;
}) {
  const titleId = useId();
  const { canvasRef, failed } = useChartDrawing(kind, data, valueName);
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <div className="chart-canvas">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${title}: a ${kind === 'line' ? 'line' : 'bar'} chart; its numbers are in the table below it`}
        >
          {`${title}: the numbers are in the table below.`}
        </canvas>
      </div>
      {failed ? <p className="muted">The chart could not be drawn; its numbers are in the table.</p> : null}
      <details>
        <summary>{`${title}: the numbers`}</summary>
        <ChartTable title={title} data={data} format={format} />
      </details>
    </figure>
  );
}

/** Draws the chart on the canvas once Chart.js is loaded; `failed` when its chunk could not be fetched. */
function useChartDrawing(kind: 'line' | 'bar', data: ChartData, valueName: string) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // A browser without a 2D canvas (or the component tests' DOM) still has the table.
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    let live = true;
    let chart: { destroy(): void } | undefined;
    // Chart.js is a chunk of its own, fetched with the first chart (the bundle of the other screens stays as it was).
    import('./chart-drawing').then(
      ({ drawChart }) => {
        if (live) chart = drawChart(context, kind, data, valueName);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [kind, data, valueName]);
  return { canvasRef, failed };
}

/** The chart's numbers, a row per day and a column per series: the text alternative to the canvas. */
function ChartTable({ title, data, format }: { title: string; data: ChartData; format: (value: number) => string }) {
  return (
    <Table caption={title}>
      <thead>
        <tr>
          <th scope="col">Day (UTC)</th>
          {data.series.map((s) => (
            <th scope="col" key={s.label}>
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.labels.map((label, row) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {data.series.map((s) => (
              <td key={s.label} className="num">
                {format(s.values[row] ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
