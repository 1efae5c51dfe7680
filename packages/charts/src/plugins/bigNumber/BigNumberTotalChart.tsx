import { BigNumberView } from './BigNumberView';
import type { BigNumberProps } from './transformProps';

export default function BigNumberTotalChart(props: BigNumberProps) {
  return <BigNumberView {...props} numberHeight={props.height} />;
}
