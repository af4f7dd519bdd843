import { CircleCheck, CircleX, X } from 'lucide-react';
import type { ModelRouteInfo } from '../../../../shared/contract.ts';
import { Alert } from '../../components/Alert.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDuration } from '../../format/duration.ts';
import { useRouteActivityStore } from '../../stores/route-activity-store.ts';

/**
 * A route's test: while it runs, what it does and a Cancel; then each model's answer or error,
 * in the route's order.
 */
export function RouteTestPanel({ route }: { route: ModelRouteInfo }) {
  const run = useRouteActivityStore((s) => s.tests[route.name]);
  const { cancelTest, clearTest, test } = useRouteActivityStore.getState();

  let content = null;
  if (run?.state === 'running')
    content = (
      <div className="route-test-running">
        <Spinner size={14} />
        <span>Testing {route.name}: one short request to each of its models, in order…</span>
        <button type="button" className="btn btn-sm" onClick={() => cancelTest(route.name)}>
          Cancel
        </button>
      </div>
    );
  else if (run?.state === 'error')
    content = (
      <Alert kind="error" title="The test could not run">
        <p>{run.message}</p>
        <div className="form-actions">
          <button type="button" className="btn btn-sm" onClick={() => void test(route.name)}>
            Try again
          </button>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => clearTest(route.name)}
          >
            Dismiss
          </button>
        </div>
      </Alert>
    );
  else if (run?.state === 'done') {
    const ok = run.results.filter((r) => r.ok).length;
    content = (
      <div className="route-test-results">
        <div className="row-between">
          <h3 className="route-subheading">
            Test: {ok} of {run.results.length} answered
          </h3>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => clearTest(route.name)}
          >
            <X size={14} aria-hidden="true" />
            Clear the test
          </button>
        </div>
        <ol className="route-test-list" aria-label={`Test of ${route.name}, each model`}>
          {run.results.map((r, i) => (
            <li key={`${i}-${r.model}`} className={r.ok ? 'is-ok' : 'is-failed'}>
              <span className="route-test-head">
                {r.ok ? (
                  <CircleCheck size={14} aria-hidden="true" className="model-attempt-ok" />
                ) : (
                  <CircleX size={14} aria-hidden="true" className="model-attempt-failed" />
                )}
                <span className="mono">{r.model}</span>
                <span className={r.ok ? 'badge badge-success' : 'badge badge-danger'}>
                  {r.ok ? 'answered' : r.status === null ? 'no answer' : `error ${r.status}`}
                </span>
                <span className="subtle nowrap">{formatDuration(r.latencyMs)}</span>
              </span>
              <span className="route-test-text">{r.text || '(an empty answer)'}</span>
            </li>
          ))}
        </ol>
      </div>
    );
  }

  // Announced as it changes: started, and what came of it.
  const announcement =
    run?.state === 'running'
      ? `Testing ${route.name}…`
      : run?.state === 'done'
        ? `Test of ${route.name}: ${run.results.filter((r) => r.ok).length} of ${run.results.length} models answered.`
        : '';
  return (
    <>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      {content}
    </>
  );
}
