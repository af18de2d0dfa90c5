import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ChartData } from './chart';

/*
 * Chart.js, loaded only when a chart is drawn (a chunk of its own, see chart.tsx): the screens
 * without charts, and the sign-in, do not download it.
 */

// Only the parts the console draws are registered, so the bundle carries only them (Chart.js is tree-shaken by Vite).
Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/*
 * Colours that keep at least 3:1 against white (WCAG 2.1 SC 1.4.11) and dash patterns, so that
 * lines are told apart without colour too.
 */
const palette = ['#0a58ca', '#b42318', '#1a7f37', '#8250df', '#9a6700', '#0b7285'];
const dashes = [[], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3]];

function configOf(kind: 'line' | 'bar', data: ChartData, valueName: string): ChartConfiguration<'line' | 'bar'> {
  const stacked = kind === 'bar';
  return {
    type: kind,
    data: {
      labels: data.labels,
      datasets: data.series.map((s, i) => ({
        label: s.label,
        data: s.values,
        borderColor: palette[i % palette.length],
        backgroundColor: palette[i % palette.length],
        borderDash: kind === 'line' ? dashes[i % dashes.length] : undefined,
        pointRadius: kind === 'line' ? 2 : undefined,
      })),
    },
    options: {
      // No animation: it would move under a reader's eyes and prefers-reduced-motion would have to be asked for.
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        // The table has the full dates; the axis shows month-day, which fits 30 days without turning the labels.
        x: { stacked, ticks: { callback: (_value, index) => data.labels[index]?.slice(5) ?? '' } },
        y: { stacked, beginAtZero: true, title: { display: true, text: valueName } },
      },
      plugins: { legend: { position: 'bottom' } },
    },
  };
}

/** Draws a chart on a canvas' 2D context; the caller destroys it when the canvas goes. */
export function drawChart(
  context: CanvasRenderingContext2D,
  kind: 'line' | 'bar',
  data: ChartData,
  valueName: string,
): { destroy(): void } {
  return new Chart(context, configOf(kind, data, valueName));
}
