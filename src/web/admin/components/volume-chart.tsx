import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { useTexts } from "../../i18n/use-texts";
import { formatCompact, formatDay, formatInr, formatUsdt } from "../lib/admin-format";
import type { DashboardStats } from "../lib/dashboard-api";

type Day = DashboardStats["series"][number];
type Point = Day & { label: string; inrValue: number; usdtValue: number };

/*
 * Colours come from the theme's CSS variables, so the chart follows light and dark.
 * The USDT line gets its own variable, set on the wrapper for each theme.
 */
const INR_COLOR = "var(--primary)";
const USDT_COLOR = "var(--chart-usdt)";
const AXIS_COLOR = "var(--muted-foreground)";
const GRID_COLOR = "var(--border)";

/** The last 14 days' INR received (bars, left axis) and USDT paid out (line, right axis). */
export function VolumeChart({ series }: { series: Day[] }) {
  const { t } = useTexts();
  // Numbers only for drawing; every figure shown as text comes from the exact strings.
  const data: Point[] = series.map((day) => ({
    ...day,
    label: formatDay(day.date),
    inrValue: Number(day.inr),
    usdtValue: Number(day.usdt),
  }));
  const tick = { fill: AXIS_COLOR, fontSize: 12 };

  return (
    <div className="[--chart-usdt:oklch(0.55_0.16_250)] dark:[--chart-usdt:oklch(0.76_0.13_230)]">
      <div className="h-72 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
            // The table below carries the figures for assistive technology.
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={GRID_COLOR} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={tick}
              tickLine={false}
              axisLine={{ stroke: GRID_COLOR }}
              interval="preserveStartEnd"
              minTickGap={12}
            />
            <YAxis
              yAxisId="inr"
              tick={tick}
              tickLine={false}
              axisLine={false}
              tickFormatter={(value: number) => `₹${formatCompact(value)}`}
              width={56}
            />
            <YAxis
              yAxisId="usdt"
              orientation="right"
              tick={tick}
              tickLine={false}
              axisLine={false}
              tickFormatter={(value: number) => formatCompact(value)}
              width={44}
            />
            <Tooltip content={VolumeTooltip} cursor={{ fill: "var(--muted)", opacity: 0.6 }} />
            <Legend
              wrapperStyle={{ fontSize: 12, color: AXIS_COLOR }}
              formatter={(value) => <span className="text-muted-foreground">{value}</span>}
            />
            <Bar
              yAxisId="inr"
              dataKey="inrValue"
              name={t("adminDashboard.chart.inr")}
              fill={INR_COLOR}
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
            <Line
              yAxisId="usdt"
              dataKey="usdtValue"
              name={t("adminDashboard.chart.usdt")}
              stroke={USDT_COLOR}
              strokeWidth={2}
              dot={{ r: 3, fill: USDT_COLOR }}
              type="monotone"
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <VolumeTable series={series} />
    </div>
  );
}

function VolumeTooltip({ active, payload }: TooltipContentProps) {
  const { t } = useTexts();
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-card px-3 py-2 text-xs text-card-foreground shadow-md">
      <p className="mb-1 font-semibold">{point.label}</p>
      <p>
        <span className="mr-1.5 inline-block size-2 rounded-full bg-primary" aria-hidden />
        {t("adminDashboard.chart.inr")}: {formatInr(point.inr)}
      </p>
      <p>
        <span
          className="mr-1.5 inline-block size-2 rounded-full bg-[var(--chart-usdt)]"
          aria-hidden
        />
        {t("adminDashboard.chart.usdt")}: {formatUsdt(point.usdt)}
      </p>
      <p className="text-muted-foreground">
        {t("adminDashboard.chart.orders")}: {point.orders}
      </p>
    </div>
  );
}

/** The chart's figures as a table for screen readers. */
function VolumeTable({ series }: { series: Day[] }) {
  const { t } = useTexts();
  // The wrapper hides it: a table's width follows its cells whatever its own class
  // says, and a hidden table as wide as its figures made a phone's page scroll sideways.
  return (
    <div className="sr-only">
      <table>
        <caption>{t("adminDashboard.chart.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("adminDashboard.chart.date")}</th>
            <th scope="col">{t("adminDashboard.chart.inr")}</th>
            <th scope="col">{t("adminDashboard.chart.usdt")}</th>
            <th scope="col">{t("adminDashboard.chart.orders")}</th>
          </tr>
        </thead>
        <tbody>
          {series.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{formatInr(day.inr)}</td>
              <td>{formatUsdt(day.usdt)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
