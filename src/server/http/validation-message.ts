import { MSG, VALIDATION_REASON } from '@shared/messages';

/** The parts of an ajv error that the message needs. */
export type SchemaProblem = {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
};

/** Explains the first schema problem of a rejected request in one Chinese sentence. */
export function describeValidation(problems: readonly SchemaProblem[], where: string): string {
  const first = problems[0];
  if (!first) return MSG.invalidRequest;
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing =
    first.keyword === 'required' && typeof first.params.missingProperty === 'string'
      ? first.params.missingProperty
      : undefined;
  const field = missing ?? path;
  const reason = VALIDATION_REASON[first.keyword] ?? '格式不正确';
  const subject = field ? `字段 ${field}` : where === 'body' ? '请求体' : '请求参数';
  return `${MSG.invalidRequest}：${subject}${reason}`;
}
