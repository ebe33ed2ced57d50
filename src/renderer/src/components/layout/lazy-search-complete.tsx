import { Children, cloneElement, isValidElement, useLayoutEffect, useRef } from 'react';
import type { ChangeEvent, ReactElement, ReactNode } from 'react';
import type { AutoCompleteProps, GetRef } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';
import { lazyComponent } from '../../lib/lazy-component';

// The header search box's suggestion list (antd AutoComplete, and with it rc-select and the virtual
// list) loads right after the first paint instead of in every page's initial JavaScript
// (docs/fast-pages.md). Until it arrives the box is the same Input, controlled by the same state,
// so what is typed meanwhile stays, and a box that had the focus keeps it.

type InputLikeProps = {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
};

type OptionBase = BaseOptionType | DefaultOptionType;

export type SearchCompleteProps<Option extends OptionBase> = Omit<
  AutoCompleteProps<string, Option>,
  'children' | 'onChange'
> & {
  value: string;
  onChange: (value: string) => void;
  /** The search Input (an antd Input element). */
  children: ReactElement<InputLikeProps>;
};

/** Whether the fallback's input had the focus when the AutoComplete replaced it. */
const focus = { inFallback: false };
const setFallbackFocus = (focused: boolean) => {
  focus.inFallback = focused;
};

function Fallback<Option extends OptionBase>({
  className,
  style,
  value,
  onChange,
  children,
}: SearchCompleteProps<Option>) {
  const input = Children.only(children);
  return (
    <div className={className} style={style}>
      {isValidElement(input)
        ? cloneElement(input, {
            value,
            onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value),
            onFocus: () => {
              setFallbackFocus(true);
              input.props.onFocus?.();
            },
            onBlur: () => {
              setFallbackFocus(false);
              input.props.onBlur?.();
            },
          })
        : (input as ReactNode)}
    </div>
  );
}

/** antd's AutoComplete around the search Input, loaded after the first paint. */
export const SearchComplete = lazyComponent<SearchCompleteProps<DefaultOptionType>>(
  () =>
    import('antd/es/auto-complete').then(({ default: AutoComplete }) => {
      function LoadedSearchComplete(props: SearchCompleteProps<DefaultOptionType>) {
        const ref = useRef<GetRef<typeof AutoComplete>>(null);
        useLayoutEffect(() => {
          if (!focus.inFallback) return;
          setFallbackFocus(false);
          ref.current?.focus();
        }, []);
        return <AutoComplete<string, DefaultOptionType> ref={ref} {...props} />;
      }
      return LoadedSearchComplete;
    }),
  (props) => <Fallback {...props} />,
) as unknown as <Option extends OptionBase>(props: SearchCompleteProps<Option>) => ReactNode;
