import { describe, expect, it } from 'vitest';
import { downloadBaseName, downloadFileName } from './download-names';

describe('download file names', () => {
  it('names a saved chart’s downloads after the chart, not its dataset', () => {
    const name = downloadBaseName('Births by state', 'birth_names');
    expect(downloadFileName(name, 'csv')).toBe('Births_by_state.csv');
    expect(downloadFileName(name, 'xlsx')).toBe('Births_by_state.xlsx');
    expect(downloadFileName(name, 'json')).toBe('Births_by_state.json');
    expect(downloadFileName(name, 'png')).toBe('Births_by_state.png');
  });
  it('falls back to the dataset name for an unsaved chart', () => {
    expect(downloadFileName(downloadBaseName('', 'birth_names'), 'csv')).toBe('birth_names.csv');
    expect(downloadFileName(downloadBaseName('  ', null), 'csv')).toBe('chart.csv');
  });
  it('drops characters file systems refuse and keeps letters of any script', () => {
    expect(downloadFileName('Naissances / été: 2001?', 'csv')).toBe('Naissances_été_2001.csv');
    expect(downloadFileName('../..', 'png')).toBe('chart.png');
    expect(downloadFileName('<>|*', 'json')).toBe('chart.json');
  });
});
