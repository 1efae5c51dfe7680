import { themeTokens } from '../../format/theme';
import { fitFontSize } from './fit-font-size';
import type { BigNumberProps } from './transformProps';

/** The number, its caption and subheader; `children` is the trendline when there is one. */
export function BigNumberView(props: BigNumberProps & { children?: React.ReactNode; numberHeight: number }) {
  const tokens = themeTokens(props.theme);
  const captionColor =
    props.trend === 'up' ? tokens.positive : props.trend === 'down' ? tokens.negative : tokens.textSecondary;
  return (
    <div
      style={{
        width: props.width,
        height: props.height,
        display: 'flex',
        flexDirection: 'column',
        color: tokens.text,
      }}
    >
      <div
        style={{
          height: props.numberHeight,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'center',
          overflow: 'hidden',
        }}
      >
        <div
          data-big-number
          style={{
            fontSize: fitFontSize(props.bigNumber, props.width, props.numberHeight * props.headerFontSize),
            fontWeight: 600,
            lineHeight: 1.1,
          }}
        >
          {props.bigNumber}
        </div>
        {props.caption && (
          <div
            style={{
              color: captionColor,
              fontSize: Math.max(10, props.height * props.subheaderFontSize * 0.6),
            }}
          >
            {props.caption}
          </div>
        )}
        {props.subheader && (
          <div
            style={{
              color: tokens.textSecondary,
              fontSize: Math.max(10, props.height * props.subheaderFontSize * 0.6),
            }}
          >
            {props.subheader}
          </div>
        )}
      </div>
      {props.children}
    </div>
  );
}
