import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, alertValidator, judgeAlert } from './alert-check';

const over = (threshold: number) => alertValidator('operator', JSON.stringify({ op: '>', threshold }));
const notNull = alertValidator('not null', null);

describe('judgeAlert', () => {
  it('compares one number with the threshold, reading NULL as 0 and numeric text as a number', () => {
    expect(judgeAlert(over(10), 1, [[11]])).toEqual({ triggered: true, value: 11, valueRowJson: '11' });
    expect(judgeAlert(over(10), 1, [[10]]).triggered).toBe(false);
    expect(judgeAlert(over(-1), 1, [[null]])).toEqual({ triggered: true, value: 0, valueRowJson: 'null' });
    expect(judgeAlert(over(1), 1, [['12.5']]).value).toBe(12.5);
  });

  it('never triggers on no row', () => {
    expect(judgeAlert(over(-1), 1, []).triggered).toBe(false);
    expect(judgeAlert(notNull, 1, []).triggered).toBe(false);
  });

  it("treats NULL and 0 as nothing for 'not null'", () => {
    expect(judgeAlert(notNull, 1, [[null]]).triggered).toBe(false);
    expect(judgeAlert(notNull, 1, [[0]]).triggered).toBe(false);
    expect(judgeAlert(notNull, 1, [['x']])).toEqual({ triggered: true, value: null, valueRowJson: '"x"' });
  });

  it("refuses more than one row or column, and text for 'operator', with Superset's messages", () => {
    expect(() => judgeAlert(over(1), 1, [[1], [2]])).toThrow(ALERT_MESSAGES.multipleRows(2));
    expect(() => judgeAlert(over(1), 2, [[1, 2]])).toThrow(ALERT_MESSAGES.multipleColumns(2));
    expect(() => judgeAlert(over(1), 1, [['many']])).toThrow(ALERT_MESSAGES.invalidType);
  });

  it('refuses an operator validator without op or threshold', () => {
    expect(() => alertValidator('operator', '{"op":">"}')).toThrow(ALERT_MESSAGES.validatorConfig);
    expect(() => alertValidator('operator', 'not json')).toThrow(ALERT_MESSAGES.validatorConfig);
    expect(() => alertValidator(null, null)).toThrow(ALERT_MESSAGES.validatorConfig);
  });
});
