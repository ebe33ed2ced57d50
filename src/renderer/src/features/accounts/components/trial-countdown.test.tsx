import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TrialCountdown } from './trial-countdown';

const NOW = new Date('2024-05-01T10:00:00Z').getTime();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('TrialCountdown', () => {
  it('counts down mm:ss to the second when 15 minutes or less remain', () => {
    render(<TrialCountdown endsAt={NOW + 10 * 60_000 + 5_000} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('体验会员剩余10:05');
    tick(1000);
    expect(timer).toHaveTextContent('10:04');
    tick(5000);
    expect(timer).toHaveTextContent('09:59');
  });

  it('shows the full time while more than 15 minutes remain', () => {
    render(<TrialCountdown endsAt={NOW + 30 * 60_000} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:30:00');
    tick(15 * 60_000);
    expect(screen.getByRole('timer')).toHaveTextContent(/剩余15:00$/);
  });

  it('closes at zero and says so', () => {
    const onEnd = vi.fn();
    render(<TrialCountdown endsAt={NOW + 3_000} onEnd={onEnd} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:03');
    tick(2000);
    expect(screen.getByRole('timer')).toHaveTextContent('00:01');
    expect(onEnd).not.toHaveBeenCalled();
    tick(1000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when the trial is already over', () => {
    render(<TrialCountdown endsAt={NOW - 1} />);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
