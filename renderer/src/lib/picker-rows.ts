import { choiceKey, type Choice, type ChoiceGroup } from './model-options.ts';

/** The key of the entry that clears the choice ("Same as the main model"). */
export const NONE_KEY = 'none:';

/** One line of a model picker's list: a group's label, an entry, or the entry that clears. */
export type PickerRow =
  | { kind: 'label'; key: string; group: number }
  | { kind: 'none'; key: string; label: string }
  | {
      kind: 'option';
      key: string;
      choice: Choice;
      group: number;
      /** 1-based place in its group, and the group's size (aria-posinset, aria-setsize). */
      position: number;
      groupSize: number;
    };

/**
 * The picker's list as the rows it scrolls through, so that only those in view are drawn:
 * the clearing entry first (`none`: its label, or null for none), then each group's label
 * followed by its entries.
 */
export function pickerRows(groups: ChoiceGroup[], none: string | null): PickerRow[] {
  const rows: PickerRow[] = none === null ? [] : [{ kind: 'none', key: NONE_KEY, label: none }];
  groups.forEach((group, g) => {
    rows.push({ kind: 'label', key: `label:${group.key}`, group: g });
    group.options.forEach((choice, i) =>
      rows.push({
        kind: 'option',
        key: choiceKey(choice),
        choice,
        group: g,
        position: i + 1,
        groupSize: group.options.length,
      }),
    );
  });
  return rows;
}

/** The rows the keyboard moves through (entries that can be picked), as indexes into `rows`. */
export const selectableRows = (rows: PickerRow[]): number[] =>
  rows.flatMap((row, i) =>
    row.kind === 'none' || (row.kind === 'option' && row.choice.unavailable === null) ? [i] : [],
  );
