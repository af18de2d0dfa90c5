import { pluralOf, releaseOfInput } from './prometheus-operator-crds';

describe('the pinned Prometheus Operator package', () => {
  it("when the package's crd-generate input names one release's stripped-down CRDs, then that release is read; anything else is none", () => {
    const input = (release: string) => `https://example.org/prometheus-operator/releases/download/${release}/stripped-down-crds.yaml`;
    expect(releaseOfInput([input('v0.90.1')])).toBe('v0.90.1');
    expect(releaseOfInput([input('v0.90.1'), input('v0.91.0')])).toBeUndefined();
    expect(releaseOfInput(['./crds/bundle.yaml'])).toBeUndefined();
    expect(releaseOfInput(undefined)).toBeUndefined();
  });

  it('when a kind is named, then its plural is the CRD name the API server uses', () => {
    expect(['Prometheus', 'ServiceMonitor', 'PrometheusRule', 'Alertmanager'].map(pluralOf)).toEqual([
      'prometheuses',
      'servicemonitors',
      'prometheusrules',
      'alertmanagers',
    ]);
  });
});
