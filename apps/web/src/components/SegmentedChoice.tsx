import { useId } from 'react';
import classes from './SegmentedChoice.module.css';

export interface SegmentedChoiceOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name (there is no visible legend). */
  label: string;
  options: readonly SegmentedChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * A one-of-a-few choice drawn as segments (the look of Mantine's SegmentedControl): native radio buttons in a
 * radiogroup, styled by CSS alone. Mantine's control measures its segments in an effect to slide its
 * indicator, a forced layout on every page that shows one (about 10 ms on the landing page and the
 * marketplace as they hydrate, four times that on a mid-range phone); native radios also bring the browser's
 * own arrow-key and form behaviour.
 */
export function SegmentedChoice<T extends string>(props: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={props.label} className={classes.root}>
      {props.options.map((option) => (
        <label key={option.value} className={classes.segment}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === props.value}
            onChange={() => props.onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
