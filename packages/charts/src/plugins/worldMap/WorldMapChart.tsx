import { useMemo } from 'react';
import { registerMap, use } from 'echarts/core';
import { MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import InteractiveEChart from '../common/InteractiveEChart';
import { worldGeometry } from './geometry';
import { WORLD_MAP_NAME, worldMapOption } from './option';
import type { WorldMapProps } from './props';

use([MapChart, ScatterChart, GeoComponent, TooltipComponent, VisualMapContinuousComponent]);

/** Registers the geometry once per page: this chunk is the only place it is loaded. */
let registered = false;
function ensureWorldMap(): ReturnType<typeof worldGeometry> {
  const geometry = worldGeometry();
  if (!registered) {
    registerMap(WORLD_MAP_NAME, geometry.geoJson);
    registered = true;
  }
  return geometry;
}

export default function WorldMapChart(props: WorldMapProps) {
  const option = useMemo(() => worldMapOption(props, ensureWorldMap()), [props]);
  return (
    <InteractiveEChart
      option={option}
      width={props.width}
      height={props.height}
      {...(props.crossFilter ? { crossFilter: props.crossFilter } : {})}
    />
  );
}
