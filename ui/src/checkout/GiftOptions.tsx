import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** The longest gift message the server takes (it is printed on the packing slip's card). */
export const GIFT_MESSAGE_MAX = 300;

/** What the checkout sends about gifting: a gift card code and the gift's message and wrap. */
export interface GiftChoices {
  giftCardCode: string;
  isGift: boolean;
  message: string;
  wrap: boolean;
}

export const NO_GIFT: GiftChoices = { giftCardCode: '', isGift: false, message: '', wrap: false };

/** The checkout request's gifting fields: none when nothing is chosen, so old checkouts stay as they were. */
export function giftRequest(choices: GiftChoices): { giftCardCode?: string; gift?: { message?: string; wrap: boolean } } {
  const code = choices.giftCardCode.trim();
  return {
    ...(code ? { giftCardCode: code } : {}),
    ...(choices.isGift ? { gift: { ...(choices.message.trim() ? { message: choices.message.trim() } : {}), wrap: choices.wrap } } : {}),
  };
}

/**
 * A gift card to pay part (or all) of the order with, and "send as a gift": a message for the
 * packing slip and gift wrap. What the card pays and what wrap costs are the server's to say:
 * the payment window shows what is left to pay.
 */
export function GiftOptions({ value, onChange, disabled }: { value: GiftChoices; onChange: (next: GiftChoices) => void; disabled: boolean }) {
  const set = (patch: Partial<GiftChoices>) => onChange({ ...value, ...patch });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        label="Gift card code (optional)"
        name="giftCardCode"
        value={value.giftCardCode}
        onChange={(e) => set({ giftCardCode: e.target.value.slice(0, 40) })}
        disabled={disabled}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'gift-card-code' } }}
        helperText="Cards pay online orders only; pay any rest by UPI, net banking or card."
      />
      <FormControlLabel
        control={<Checkbox checked={value.isGift} onChange={(e) => set({ isGift: e.target.checked })} disabled={disabled} slotProps={{ input: { 'data-testid': 'send-as-gift' } as object }} />}
        label={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CardGiftcardOutlinedIcon fontSize="small" aria-hidden="true" />
            <Typography>Send as a gift</Typography>
          </Box>
        }
      />
      {value.isGift && (
        <>
          <TextField
            label="Gift message"
            name="giftMessage"
            value={value.message}
            onChange={(e) => set({ message: e.target.value.slice(0, GIFT_MESSAGE_MAX) })}
            disabled={disabled}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: GIFT_MESSAGE_MAX, 'data-testid': 'gift-message' } }}
            helperText={`${value.message.length}/${GIFT_MESSAGE_MAX} · printed on the packing slip, which shows no prices`}
          />
          <FormControlLabel
            control={<Checkbox checked={value.wrap} onChange={(e) => set({ wrap: e.target.checked })} disabled={disabled} slotProps={{ input: { 'data-testid': 'gift-wrap' } as object }} />}
            label="Gift wrap (a small fee is added)"
          />
        </>
      )}
    </Box>
  );
}
