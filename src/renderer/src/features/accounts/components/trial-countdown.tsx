import { CrownOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { TRIAL_FULL_TIME_THRESHOLD_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { formatTrialRemaining } from '@shared/rules/roles';
import './accounts.css';

type TrialCountdownProps = {
  /** When the trial ends, ms since the epoch. */
  endsAt: number;
  onEnd?: () => void;
};

/** §4/§9 Trial VIP: a countdown to the second, mm:ss (full time above 15 minutes), closed at zero. */
export function TrialCountdown({ endsAt, onEnd }: TrialCountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = endsAt - now;
  const ended = remaining <= 0;

  useEffect(() => {
    if (ended) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ended]);

  useEffect(() => {
    if (ended) onEnd?.();
  }, [ended, onEnd]);

  if (ended) return null;
  return (
    <div className="trial-countdown" role="timer" data-testid="trial-countdown">
      <CrownOutlined aria-hidden="true" />
      <span>{MSG.trialRemaining}</span>
      <span className="trial-countdown__time">
        {formatTrialRemaining(remaining, TRIAL_FULL_TIME_THRESHOLD_MS)}
      </span>
    </div>
  );
}
