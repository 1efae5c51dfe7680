import type { ChartItem, DashboardChart } from '@tessera/contracts';
import { isRecord, type ExploreFormData } from '@tessera/core';

/** A saved chart as the dashboard needs it: its stored form data and how to name it. */
export interface DashboardChartEntity {
  id: number;
  sliceName: string;
  vizType: string;
  description: string | null;
  descriptionMarkeddown: string | null;
  datasourceKey: string;
  formData: ExploreFormData;
}

/** A chart whose id is in the layout but that could not be read (deleted, no access). */
export interface MissingChart {
  id: number;
  error: string;
}

function parseParams(text: string | null | undefined): ExploreFormData {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function toChartEntity(id: number, chart: ChartItem): DashboardChartEntity {
  const params = parseParams(chart.params);
  const datasourceKey =
    chart.datasource_id !== undefined && chart.datasource_type !== undefined
      ? `${String(chart.datasource_id)}__${chart.datasource_type}`
      : typeof params.datasource === 'string'
        ? params.datasource
        : '';
  return {
    id,
    sliceName: chart.slice_name ?? '',
    vizType: chart.viz_type ?? (typeof params.viz_type === 'string' ? params.viz_type : 'table'),
    description: chart.description ?? null,
    descriptionMarkeddown: chart.description_markeddown ?? null,
    datasourceKey,
    formData: { ...params, viz_type: chart.viz_type ?? params.viz_type, datasource: datasourceKey },
  };
}

/** A chart from GET /api/v1/dashboard/{id}/charts, which carries its form data already parsed. */
export function fromDashboardChart(chart: DashboardChart): DashboardChartEntity {
  const datasourceKey = `${String(chart.datasource_id)}__${chart.datasource_type}`;
  return {
    id: chart.id,
    sliceName: chart.slice_name,
    vizType: chart.viz_type,
    description: chart.description,
    descriptionMarkeddown: chart.description_markeddown,
    datasourceKey,
    formData: { ...chart.form_data, viz_type: chart.viz_type, datasource: datasourceKey },
  };
}
