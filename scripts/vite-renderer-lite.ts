// Build-time stand-ins for the renderer builds (vite.web.config.ts, electron.vite.config.ts): the
// renderer keeps importing the contract (`callApi(call, input)`, `mockCall(call, response)`) while
// its pages load none of TypeBox's builders. docs/fast-pages.md (issue 16).
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const typeboxLite = fileURLToPath(
  new URL('../src/renderer/src/lib/typebox-lite.ts', import.meta.url),
);

/**
 * Resolves `@sinclair/typebox` (exactly; `@sinclair/typebox/value` stays the real one) to
 * src/renderer/src/lib/typebox-lite.ts, which builds the same schema objects for the builders the
 * contract uses (typebox-lite.test.ts holds it to that). Tests and the server use the real package.
 */
export function typeboxLiteForRenderer(): Plugin {
  return {
    name: 'wenyang:typebox-lite',
    enforce: 'pre',
    resolveId(source) {
      return source === '@sinclair/typebox' ? typeboxLite : null;
    },
  };
}

/**
 * antd's form context (imported by every Input and by ConfigProvider) takes `FormProvider` from
 * `@rc-component/form`'s index, whose static members keep the whole form engine (fields, lists,
 * useForm, async-validator) in every page. The provider alone lives in its own module.
 */
export function antdFormProviderLite(): Plugin {
  return {
    name: 'wenyang:antd-form-provider',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/antd/es/form/context.js')) return null;
      const from = "import { FormProvider as RcFormProvider } from '@rc-component/form';";
      if (!code.includes(from)) {
        this.error(
          `antd/es/form/context.js no longer imports FormProvider as expected: update ${import.meta.url}`,
        );
      }
      return {
        code: code.replace(
          from,
          "import { FormProvider as RcFormProvider } from '@rc-component/form/es/FormContext';",
        ),
        map: null,
      };
    },
  };
}
