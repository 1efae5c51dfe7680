import { themeTokens } from '../../format/theme';
import type { PivotTableProps } from './transformProps';

/** The pivot as an HTML table: one header row per column level, row headers on the left. */
export default function PivotTableChart(props: PivotTableProps) {
  const tokens = themeTokens(props.theme);
  const cell = { padding: '4px 8px', border: `1px solid ${tokens.splitLine}`, whiteSpace: 'nowrap' as const };
  return (
    <div
      style={{ width: props.width, height: props.height, overflow: 'auto', color: tokens.text, fontSize: 13 }}
    >
      <table style={{ borderCollapse: 'collapse' }}>
        <thead>
          {props.columnLevels.map((level, levelIndex) => (
            <tr key={level}>
              {props.rowHeaders.map((header, index) => (
                <th key={header} scope="col" style={cell}>
                  {levelIndex === props.columnLevels.length - 1
                    ? header
                    : index === props.rowHeaders.length - 1
                      ? level
                      : ''}
                </th>
              ))}
              {props.columnHeaders.map((labels, index) => (
                <th key={index} scope="col" style={cell}>
                  {labels[levelIndex] ?? ''}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.rows.map((row, rowIndex) => (
            <tr key={rowIndex} style={{ fontWeight: row.isTotal ? 600 : undefined }}>
              {row.header.map((label, index) => (
                <th key={index} scope="row" style={{ ...cell, textAlign: 'left' }}>
                  {label}
                </th>
              ))}
              {row.cells.map((value, index) => (
                <td key={index} style={{ ...cell, textAlign: 'right' }}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
