import { casesOpenedOf, lagOf } from './monitoring-lag';

describe('the monitoring lag of the bench report', () => {
  it('reads the gauge from a Prometheus exposition, and null when it is absent or not a number', () => {
    const text = '# HELP x\ncoin_monitoring_last_transaction_age_seconds 0.42\ncoin_monitoring_cases_opened_total 0\n';
    expect(lagOf(text)).toBe(0.42);
    expect(lagOf('coin_monitoring_last_transaction_age_seconds{service="monitoring"} 3\n')).toBe(3);
    expect(lagOf('coin_other 1\n')).toBeNull();
    expect(lagOf('coin_monitoring_last_transaction_age_seconds NaN\n')).toBeNull();
  });

  it('when the exposition has the cases counter, then the report reads it; without it, none', () => {
    expect(casesOpenedOf('coin_monitoring_cases_opened_total 3\ncoin_monitoring_last_transaction_age_seconds 0.4\n')).toBe(3);
    expect(casesOpenedOf('coin_monitoring_last_transaction_age_seconds 0.4\n')).toBeNull();
  });
});
