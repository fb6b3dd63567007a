import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface OptionsMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  options: readonly { label: string; testId?: string }[];
  /** The position of the chosen option. */
  selected: number;
  /** Called with the position of the option picked. */
  onPick: (index: number) => void;
}

/** The toolbar's drop-down of choices (sort, per page): the chosen one marked. */
export default function OptionsMenu({ anchor, onClose, options, selected, onPick }: OptionsMenuProps) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {options.map((option, index) => (
        <MenuItem
          key={option.label}
          selected={index === selected}
          data-testid={option.testId}
          onClick={() => {
            onClose();
            onPick(index);
          }}
        >
          {option.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
