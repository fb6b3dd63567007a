import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** A password field with a show/hide toggle; `plain` shows the text always (the reset screen). */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  name,
  plain = false,
  disabled = false,
  autoFocus = false,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name: string;
  plain?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** A rule shown under the field before the form is sent (tied to it for screen readers). */
  helperText?: string;
}) {
  const [shown, setShown] = useState(false);
  const visible = plain || shown;
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete={autoComplete}
      disabled={disabled}
      autoFocus={autoFocus}
      helperText={helperText}
      required
      fullWidth
      slotProps={{
        input: plain
          ? undefined
          : {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton onClick={() => setShown((s) => !s)} edge="end" aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}>
                    {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            },
      }}
    />
  );
}
