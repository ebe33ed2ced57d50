import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { init, use as registerChartParts } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { THEME_COLORS } from '@shared/constants';

// Only the parts the chart uses are bundled.
registerChartParts([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export type MonthFigure = { month: string; count: number; amountFen: number; shareFen: number };

export function saleChartOption(months: readonly MonthFigure[]): ChartOption {
  const yuan = (fen: number) => Math.round(fen) / 100;
  return {
    color: [THEME_COLORS.primary, '#52c41a', '#fa8c16'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['销售额（元）', '我的收入（元）', '成交笔数'] },
    grid: { left: 56, right: 48, top: 48, bottom: 32 },
    xAxis: { type: 'category', data: months.map((m) => m.month) },
    yAxis: [
      { type: 'value', name: '元' },
      { type: 'value', name: '笔', minInterval: 1 },
    ],
    series: [
      { name: '销售额（元）', type: 'bar', data: months.map((m) => yuan(m.amountFen)) },
      { name: '我的收入（元）', type: 'bar', data: months.map((m) => yuan(m.shareFen)) },
      {
        name: '成交笔数',
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        data: months.map((m) => m.count),
      },
    ],
  };
}

/** Sales by month (ECharts, drawn on a canvas); an empty year still draws its twelve months. */
export function SaleChart({ months }: { months: readonly MonthFigure[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    // jsdom (component tests) has no canvas: the chart is only drawn in a browser.
    if (
      !element ||
      typeof HTMLCanvasElement === 'undefined' ||
      navigator.userAgent.includes('jsdom')
    ) {
      return undefined;
    }
    const chart = init(element);
    chart.setOption(saleChartOption(months));
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [months]);
  return <div ref={box} className="sale-chart" role="img" aria-label="按月销售图表" />;
}
