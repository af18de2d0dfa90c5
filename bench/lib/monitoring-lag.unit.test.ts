import { casesOpenedOf, describeMonitoringLag, judgeMonitoringLag, lagOf } from './monitoring-lag';

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
  it('when the lag stays under 5 s and no case opened, then both targets are met', () => {
    const lag = judgeMonitoringLag(1.68, 128, 0);
    expect(lag).toMatchObject({ lagMet: true, casesMet: true });
    expect(describeMonitoringLag(lag)).toBe(
      'Monitoring lag at the peak: 1.68 s behind the ledger at most (128 samples) → < 5 s **met**; cases opened by its traffic: 0 → 0 **met**.',
    );
  });

  it('when the lag reaches 5 s, or any case opened, then that target is missed', () => {
    expect(judgeMonitoringLag(5, 10, 0)).toMatchObject({ lagMet: false, casesMet: true });
    expect(judgeMonitoringLag(4.99, 10, 1)).toMatchObject({ lagMet: true, casesMet: false });
    expect(describeMonitoringLag(judgeMonitoringLag(7.5, 10, 2))).toBe(
      'Monitoring lag at the peak: 7.50 s behind the ledger at most (10 samples) → < 5 s **missed**; cases opened by its traffic: 2 → 0 **missed**.',
    );
  });

  it('when nothing could be read, then neither target is judged', () => {
    const lag = judgeMonitoringLag(null, 0, null);
    expect(lag).toMatchObject({ lagMet: null, casesMet: null });
    expect(describeMonitoringLag(lag)).toBe(
      'Monitoring lag at the peak: not measured (no monitoring service metrics) → < 5 s not measured; cases opened by its traffic: not measured → 0 not measured.',
    );
  });
});
