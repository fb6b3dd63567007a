import Box from '@mui/material/Box';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { brand } from '../shared/theme.ts';

export const OTP_LENGTH = 6;
export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/** Puts `digits` into the boxes from `start` on; returns the boxes and the index to focus next. */
export function fillDigits(boxes: readonly string[], start: number, digits: string): { boxes: string[]; next: number } {
  const next = [...boxes];
  const from = digits.length >= OTP_LENGTH ? 0 : start;
  const chars = digits.slice(0, OTP_LENGTH - from).split('');
  chars.forEach((digit, offset) => {
    next[from + offset] = digit;
  });
  return { boxes: next, next: Math.min(OTP_LENGTH - 1, from + chars.length) };
}

/**
 * Six one-digit boxes: typing a digit moves to the next box, Backspace clears and moves back,
 * arrows move, and pasting (or the phone's code autofill) spreads the digits over the boxes.
 */
export function OtpBoxes({ value, onChange, disabled = false }: { value: readonly string[]; onChange: (boxes: string[]) => void; disabled?: boolean }) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  };

  const typed = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) {
      if (raw === '') onChange(value.map((d, i) => (i === index ? '' : d)));
      return;
    }
    if (digits.length > 1) {
      // The box already held a digit (typing over it) or a whole code arrived at once.
      const fresh = value[index] && digits.length === 2 ? digits.replace(value[index]!, '') || digits.slice(-1) : digits;
      const { boxes, next } = fillDigits(value, index, fresh);
      onChange(boxes);
      focus(fresh.length === 1 ? index + 1 : next);
      return;
    }
    onChange(value.map((d, i) => (i === index ? digits : d)));
    if (index < OTP_LENGTH - 1) focus(index + 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (value[index]) {
        onChange(value.map((d, i) => (i === index ? '' : d)));
        if (index > 0) focus(index - 1);
      } else if (index > 0) {
        onChange(value.map((d, i) => (i === index - 1 ? '' : d)));
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (!digits) return;
    const { boxes, next } = fillDigits(value, index, digits);
    onChange(boxes);
    focus(next);
  };

  return (
    <Box role="group" aria-label="One-time code" sx={{ display: 'grid', gridTemplateColumns: `repeat(${OTP_LENGTH}, 1fr)`, gap: { xs: 1, sm: 1.5 }, maxWidth: 380, mx: 'auto' }} data-testid="otp-boxes">
      {value.map((digit, index) => (
        <Box
          key={index}
          component="input"
          ref={(el: HTMLInputElement | null) => {
            inputs.current[index] = el;
          }}
          value={digit}
          onChange={(e) => typed(index, (e.target as HTMLInputElement).value)}
          onKeyDown={(e) => keyDown(index, e as KeyboardEvent<HTMLInputElement>)}
          onPaste={(e) => paste(index, e as ClipboardEvent<HTMLInputElement>)}
          onFocus={(e) => (e.target as HTMLInputElement).select()}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          autoFocus={index === 0}
          data-testid="otp-box"
          sx={{
            width: '100%',
            minWidth: 0,
            aspectRatio: '1 / 1.1',
            maxHeight: 64,
            textAlign: 'center',
            fontSize: { xs: 22, sm: 26 },
            fontWeight: 800,
            color: brand.ink,
            border: `1.5px solid ${digit ? brand.indigo : '#cfd6e6'}`,
            borderRadius: 2.5,
            bgcolor: digit ? brand.indigoLight : '#fff',
            outline: 'none',
            transition: 'border-color .15s, box-shadow .15s, background-color .15s',
            '&:focus': { borderColor: brand.indigo, boxShadow: `0 0 0 3px rgba(31,60,136,.18)` },
            '&:disabled': { opacity: 0.6 },
          }}
        />
      ))}
    </Box>
  );
}
