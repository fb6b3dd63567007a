import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type FormEvent } from 'react';
import { PINCODE_MESSAGE, PINCODE_PATTERN } from '@shop/contracts/pincode';
import { useGetDeliveryEstimateQuery } from '../api/shopApi.ts';
import type { DeliveryEstimate } from '../api/types.ts';
import { deliveryLine, lastPincode, rememberPincode } from './delivery.ts';
import { TextBox } from './TextBox.tsx';
import { brand } from './theme.ts';

/** The estimate for the shopper's pincode (the last one they checked, remembered on this device). */
export function useDeliveryEstimate(pincode: string, productId?: string): DeliveryEstimate | undefined {
  const { data } = useGetDeliveryEstimateQuery(PINCODE_PATTERN.test(pincode) ? { pincode, ...(productId ? { productId } : {}) } : skipToken);
  return data;
}

/**
 * "Deliver to 560038 — by Thu, 3 Dec": a Pincode box and the promised day for it, on the product
 * page and in the cart. The pincode checked is remembered, so the next page starts from it.
 */
export function DeliveryCheck({ productId, onEstimate }: { productId?: string; onEstimate?: (pincode: string) => void }) {
  const [typed, setTyped] = useState(lastPincode);
  const [pincode, setPincode] = useState(lastPincode);
  const [problem, setProblem] = useState('');
  const estimate = useDeliveryEstimate(pincode, productId);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    if (!PINCODE_PATTERN.test(value)) {
      setProblem(PINCODE_MESSAGE);
      return;
    }
    setProblem('');
    rememberPincode(value);
    setPincode(value);
    onEstimate?.(value);
  };

  return (
    <Box component="form" onSubmit={check} noValidate data-testid="delivery-check" sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextBox
          label="Pincode"
          name="deliveryPincode"
          value={typed}
          onChange={(value) => setTyped(value.replace(/\D/g, '').slice(0, 6))}
          error={problem !== ''}
          helperText={problem || undefined}
          input={{ inputMode: 'numeric', maxLength: 6, 'aria-label': 'Delivery Pincode' }}
          sx={{ width: 150 }}
        />
        <Button type="submit" variant="outlined" sx={{ height: 40 }}>
          Check
        </Button>
      </Box>
      {estimate && estimate.pincode === pincode && (
        <Box
          data-testid="delivery-line"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 14, color: estimate.serviceable ? brand.ink : brand.red }}
        >
          <LocalShippingOutlinedIcon fontSize="small" />
          <span>
            {deliveryLine(estimate)}
            {estimate.serviceable && !estimate.cod ? ' · Cash on delivery not available here' : ''}
          </span>
        </Box>
      )}
    </Box>
  );
}
