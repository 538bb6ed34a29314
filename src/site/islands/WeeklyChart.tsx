// The drift page's charts: one island per chart, drawn in the browser by recharts. The page's
// table under each chart holds the same numbers and is what a reader without scripts or a screen
// reader gets, so the chart is an image of the table. It renders only in the browser
// (client:only): recharts' server-rendered SVG carries inline style attributes, which the
// Content-Security-Policy refuses, while React sets styles in the browser through the CSSOM.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

/** One series of a chart: its name in the page's language, its colour and a value per week. */
export interface ChartSeries {
  /** The series' name, translated by the page. */
  name: string;
  /** Its colour, a CSS colour. */
  color: string;
  /** Its value in each week, in the order of `weeks`; null where it has none. */
  values: readonly (number | null)[];
}

/** What the page hands the island: everything is data and words the server already made. */
export interface WeeklyChartProps {
  /** Stacked bars (counts) or a line (a share). */
  kind: "bars" | "line";
  /** The chart's title, its accessible name. */
  title: string;
  /** The ISO weeks along the x axis, oldest first. */
  weeks: readonly string[];
  /** The series drawn. */
  series: readonly ChartSeries[];
  /** The unit after each value on the y axis and in the tooltip (`%`), if any. */
  unit?: string;
}

const HEIGHT = 280;
/** The size before the container is measured, so that the first render never has a zero size. */
const INITIAL = { width: 640, height: HEIGHT };

/** A chart of values per ISO week. */
export default function WeeklyChart({ kind, title, weeks, series, unit }: WeeklyChartProps) {
  // Series are keyed by position: their keys (`conversation.main`) would read as paths to recharts.
  const data = weeks.map((week, w) =>
    Object.fromEntries([["week", week], ...series.map((s, i) => [`s${i}`, s.values[w] ?? null])]),
  );
  const legend = (
    <Legend
      itemSorter={null}
      formatter={(name: string) => <span className="chart-legend-text">{name}</span>}
    />
  );
  const axes = [
    <CartesianGrid key="grid" vertical={false} stroke="#d9dde3" />,
    <XAxis key="x" dataKey="week" tick={{ fill: "#4a5361", fontSize: 12 }} />,
    <YAxis
      key="y"
      allowDecimals={kind === "line"}
      tick={{ fill: "#4a5361", fontSize: 12 }}
      width={48}
      {...(unit === undefined ? {} : { unit })}
      {...(kind === "line" ? { domain: [0, 100] } : {})}
    />,
    <Tooltip
      key="tip"
      {...(unit === undefined ? {} : { formatter: (value: unknown) => `${String(value)}${unit}` })}
    />,
  ];
  return (
    <div className="chart" role="img" aria-label={title}>
      <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={INITIAL}>
        {kind === "bars" ? (
          <BarChart data={data} accessibilityLayer={false}>
            {axes}
            {legend}
            {series.map((s, i) => (
              <Bar
                key={i}
                dataKey={`s${i}`}
                name={s.name}
                stackId="week"
                fill={s.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data} accessibilityLayer={false}>
            {axes}
            {legend}
            {series.map((s, i) => (
              <Line
                key={i}
                dataKey={`s${i}`}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                dot={{ r: 3, fill: s.color }}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
