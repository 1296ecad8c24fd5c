// The chart of revenue (bars, £) and active subscriptions (line) per month, drawn with recharts.
// Loaded on its own (revenue-panel.tsx imports it lazily), so the library costs nothing until the
// dashboard shows it. It is a picture for sighted users: the same figures are in the table beside
// it, so the chart is hidden from assistive technology and has no keyboard layer of its own
// (accessibilityLayer off: a focusable chart inside aria-hidden would trap keyboard users).
// No animation: the figures are there at once (and nothing moves for people who prefer less motion).
// recharts flattens fragments with react-is, whose installed version predates React 19's elements:
// the chart's children are therefore written out directly, never inside a fragment.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminMonth } from '../../../../core/admin';
import { formatCount, formatMonth, formatPounds } from './admin-format';

const AXIS_TICK = { fontSize: 12, fill: '#374151' };

export function RevenueChart({ months }: { months: readonly AdminMonth[] }) {
  const data = months.map((month) => ({ month: formatMonth(month.month), revenue: month.revenue, active: month.activeSubscriptions }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
        <CartesianGrid stroke="#e5e7eb" vertical={false} />
        <XAxis dataKey="month" tick={AXIS_TICK} tickLine={false} interval="preserveStartEnd" minTickGap={12} />
        <YAxis yAxisId="revenue" tick={AXIS_TICK} tickLine={false} axisLine={false} width={56} tickFormatter={(value: number) => `£${formatCount(value)}`} />
        <YAxis yAxisId="subscriptions" orientation="right" tick={AXIS_TICK} tickLine={false} axisLine={false} width={36} allowDecimals={false} />
        <Tooltip
          formatter={(value, name) => (name === 'Revenue' ? formatPounds(Number(value)) : formatCount(Number(value)))}
          contentStyle={{ fontSize: 13, borderRadius: 6 }}
        />
        <Legend wrapperStyle={{ fontSize: 13, color: '#1f2937' }} />
        <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="#1d4ed8" radius={[3, 3, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        <Line yAxisId="subscriptions" dataKey="active" name="Active subscriptions" stroke="#b45309" strokeWidth={2} dot={{ r: 3 }} type="monotone" isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
