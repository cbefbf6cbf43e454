// The price history's picture (its own chunk, with uPlot: loaded only when there are prices to draw): sales as a line
// of points, listings as points, today's asking price as a dashed line. The picture is hidden from screen readers:
// the figures' table beside it says the same (MarketFigures).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartPoint {
  /** Seconds since the epoch. */
  time: number;
  /** A sale's per-unit price, or a listing's (in whole currency units); null where the point is the other kind. */
  sale: number | null;
  listing: number | null;
}

export interface PriceChartProps {
  points: ChartPoint[];
  /** Today's asking price (the token's lowest listing, the collection's floor), drawn across; null when none. */
  asking: number | null;
  symbol: string;
}

const HEIGHT = 240;

function themeColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function options(width: number, symbol: string, hasAsking: boolean): uPlot.Options {
  const text = themeColor('--color-text', '#1b1626');
  const muted = themeColor('--color-text-muted', '#575166');
  const grid = themeColor('--color-border', '#d8d3e2');
  const brand = themeColor('--color-brand', '#5b21b6');
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: true } },
    axes: [axis, { ...axis, size: 96, values: (_, ticks) => ticks.map((tick) => `${tick} ${symbol}`) }],
    series: [
      {},
      { label: 'Sale', stroke: brand, width: 2, spanGaps: true, points: { show: true, size: 7, fill: brand, stroke: brand } },
      { label: 'Listing', stroke: text, width: 0, paths: () => null, points: { show: true, size: 7, fill: 'transparent', stroke: text, width: 2 } },
      ...(hasAsking ? [{ label: 'Asking', stroke: muted, width: 1, dash: [6, 4], points: { show: false } }] : []),
    ],
  };
}

export default function PriceChart({ points, asking, symbol }: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const data: uPlot.AlignedData = [
      points.map((point) => point.time),
      points.map((point) => point.sale),
      points.map((point) => point.listing),
      ...(asking === null ? [] : [points.map(() => asking)]),
    ];
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      element.replaceChildren();
      chart = new uPlot(options(element.clientWidth || 320, symbol, asking !== null), data, element);
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth || 320, height: HEIGHT }));
    resize.observe(element);
    // The theme switched: the colours are read again.
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [points, asking, symbol]);
  return <div ref={box} className="price-chart-canvas" aria-hidden="true" />;
}
