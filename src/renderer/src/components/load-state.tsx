import { Alert, Button } from 'antd';
import { ERROR_CODE } from '@shared/contract/envelope';
import { ApiError } from '../api/api-client';

/** Whether a failed call means the thing asked for does not exist (the page shows 404). */
export const isNotFoundError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ERROR_CODE.notFound;

type LoadErrorProps = { title: string; error: Error; onRetry?: () => void };

/** A failed load: the server's message and a retry button. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error.message}
      action={onRetry ? <Button onClick={onRetry}>重试</Button> : undefined}
    />
  );
}
