import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INDIAN_STATES } from '@shop/contracts/india';
import type { GiftRecipient } from './checkoutApi.ts';

/** The longest gift message the server takes (it is printed on the packing slip's card). */
export const GIFT_MESSAGE_MAX = 300;

/** What the checkout sends about gifting: a gift card code, the gift's message and wrap, and where it goes. */
export interface GiftChoices {
  giftCardCode: string;
  isGift: boolean;
  message: string;
  wrap: boolean;
  /** The gift goes to someone else's address (`recipient`), not the billing one. */
  toRecipient: boolean;
  recipient: GiftRecipient;
}

const NO_RECIPIENT: GiftRecipient = { name: '', phoneNumber: '', streetAddressLine1: '', streetAddressLine2: '', city: '', state: '', zipCode: '' };

export const NO_GIFT: GiftChoices = { giftCardCode: '', isGift: false, message: '', wrap: false, toRecipient: false, recipient: NO_RECIPIENT };

/** The recipient's fields in the order the server checks them, with their labels and browser autofill names. */
const RECIPIENT_FIELDS: { name: keyof GiftRecipient; label: string; autoComplete: string; half?: boolean; required?: boolean; numeric?: boolean; max: number }[] = [
  { name: 'name', label: 'Recipient name', autoComplete: 'shipping name', half: true, required: true, max: 120 },
  { name: 'phoneNumber', label: 'Recipient phone', autoComplete: 'shipping tel', half: true, required: true, numeric: true, max: 20 },
  { name: 'streetAddressLine1', label: 'House number and street name', autoComplete: 'shipping address-line1', required: true, max: 200 },
  { name: 'streetAddressLine2', label: 'Apartment, suite, unit (optional)', autoComplete: 'shipping address-line2', max: 200 },
  { name: 'city', label: 'Town / City', autoComplete: 'shipping address-level2', half: true, required: true, max: 80 },
  { name: 'state', label: 'State', autoComplete: 'shipping address-level1', half: true, required: true, max: 80 },
  { name: 'zipCode', label: 'Pincode', autoComplete: 'shipping postal-code', half: true, required: true, numeric: true, max: 20 },
];

/** Where the parcel goes: the recipient's pincode for a gift sent to them, else the billing one. */
export function deliveryPincode(choices: GiftChoices, billingPincode: string): string {
  return (choices.isGift && choices.toRecipient ? choices.recipient.zipCode : billingPincode).trim();
}

/** The checkout request's gifting fields: none when nothing is chosen, so old checkouts stay as they were. */
export function giftRequest(choices: GiftChoices): { giftCardCode?: string; gift?: { message?: string; wrap: boolean; recipient?: GiftRecipient } } {
  const code = choices.giftCardCode.trim();
  const recipient = Object.fromEntries(Object.entries(choices.recipient).map(([key, value]) => [key, value.trim()])) as unknown as GiftRecipient;
  return {
    ...(code ? { giftCardCode: code } : {}),
    ...(choices.isGift
      ? { gift: { ...(choices.message.trim() ? { message: choices.message.trim() } : {}), wrap: choices.wrap, ...(choices.toRecipient ? { recipient } : {}) } }
      : {}),
  };
}

/**
 * A gift card to pay part (or all) of the order with, and "send as a gift": a message for the
 * packing slip, gift wrap, and the recipient's name and address when it goes to them. What the card pays and what wrap costs are the server's to say:
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
          <FormControlLabel
            control={
              <Checkbox checked={value.toRecipient} onChange={(e) => set({ toRecipient: e.target.checked })} disabled={disabled} slotProps={{ input: { 'data-testid': 'gift-to-recipient' } as object }} />
            }
            label="Deliver to the recipient's address"
          />
          {value.toRecipient && (
            <Box component="fieldset" aria-label="Recipient" sx={{ border: 0, p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              {RECIPIENT_FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  label={field.label}
                  name={`recipient-${field.name}`}
                  value={value.recipient[field.name]}
                  onChange={(e) => set({ recipient: { ...value.recipient, [field.name]: e.target.value.slice(0, field.max) } })}
                  required={field.required ?? false}
                  disabled={disabled}
                  autoComplete={field.autoComplete}
                  select={field.name === 'state'}
                  slotProps={{
                    ...(field.name === 'state' ? { select: { native: true }, inputLabel: { shrink: true } } : {}),
                    htmlInput: { maxLength: field.max, 'data-testid': `recipient-${field.name}`, ...(field.numeric ? { inputMode: 'numeric' } : {}) },
                  }}
                  sx={{ gridColumn: field.half ? undefined : '1 / -1' }}
                >
                  {field.name === 'state' && [
                    <option key="" value="">
                      Select a state
                    </option>,
                    ...INDIAN_STATES.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    )),
                  ]}
                </TextField>
              ))}
              <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
                The delivery fee and date are the recipient&apos;s pincode&apos;s; the bill stays in your name.
              </Typography>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
