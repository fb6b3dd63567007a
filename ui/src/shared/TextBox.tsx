import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type InputHTMLAttributes, type KeyboardEvent } from 'react';

/** What the <input> itself gets (aria-label, inputMode, maxLength, a test id...). */
type InputAttributes = InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;

/**
 * A small outlined text box with its label and an error line: what TextField draws, made of
 * TextField's own parts. TextField also brings Select with its menu, popover and modal code, which
 * first screens with a text box (the listing's price boxes, the product page's Pincode) would load
 * for nothing.
 */
export function TextBox({
  label,
  value,
  onChange,
  onKeyDown,
  error = false,
  helperText,
  name,
  input,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  error?: boolean;
  /** The line under the box (its error); a space keeps the line's height when there is none. */
  helperText?: string;
  name?: string;
  input?: InputAttributes;
  sx?: SxProps<Theme>;
}) {
  const inputId = useId();
  const helperId = useId();
  return (
    <FormControl size="small" error={error} sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        slotProps={{ input: { ...input, 'aria-describedby': helperText ? helperId : undefined } }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
