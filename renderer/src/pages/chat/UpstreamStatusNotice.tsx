import { ProblemNotice } from '../../components/ProblemNotice.tsx';
import type { UpstreamProblem } from '../../../../shared/describe-upstream-problem.ts';
import { useModelsStore } from '../../stores/models-store.ts';
import { useUpstreamHealthStore } from '../../stores/upstream-health-store.ts';
import { focusModelPicker } from './focus-model-picker.ts';
import './upstream-notice.css';

interface UpstreamStatusNoticeProps {
  problem: UpstreamProblem;
}

/** The blocker above the composer, with its fix: Settings at the key, retry now, another model. */
export function UpstreamStatusNotice({ problem }: UpstreamStatusNoticeProps) {
  const recheck = useUpstreamHealthStore((s) => s.recheck);
  const rechecking = useUpstreamHealthStore((s) => s.rechecking);
  const loadModels = useModelsStore((s) => s.load);
  const retry = () => {
    void recheck();
    if (useModelsStore.getState().status === 'error') void loadModels();
  };
  return (
    <ProblemNotice
      problem={problem}
      className="chat-blocker"
      onRetry={retry}
      onPickModel={focusModelPicker}
      busy={rechecking}
    />
  );
}
