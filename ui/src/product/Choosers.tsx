import Box from '@mui/material/Box';
import { brand } from '../shared/theme.ts';
import type { Product } from '../api/types.ts';
import { OPTION_LABELS, optionValues, variantOfOption, visibleOptions, type OptionKind, type Selections } from './choosers.ts';
import { rupees } from '../shared/format.ts';

/**
 * RAM, Size and Weight choosers, each only when the product has values. A chooser without a
 * choice after Add to cart gets the error look (red outline) and says what to do ("Choose a
 * size"). Each option of a product with variants shows what it costs now (`priceOf`: the sale
 * price during a sale, the catalog one struck through) and what is left.
 */
export function Choosers({
  product,
  selections,
  onChange,
  showErrors,
  priceOf = (price) => price,
}: {
  product: Product;
  selections: Selections;
  onChange: (kind: OptionKind, value: string) => void;
  showErrors: boolean;
  priceOf?: (price: number) => number;
}) {
  const kinds = visibleOptions(product);
  if (kinds.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, my: 2 }}>
      {kinds.map((kind) => {
        const error = showErrors && selections[kind] === null;
        return (
          <Box key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Box component="span" sx={{ fontWeight: 700, fontSize: 14, minWidth: 58 }}>
              {OPTION_LABELS[kind]}:
            </Box>
            <Box
              role="radiogroup"
              aria-label={OPTION_LABELS[kind]}
              aria-invalid={error}
              aria-errormessage={error ? `choose-${kind}` : undefined}
              data-testid={`chooser-${kind}`}
              data-error={error ? 'true' : 'false'}
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', p: 0.5, borderRadius: 2, outline: error ? `2px solid ${brand.red}` : '2px solid transparent', bgcolor: error ? '#fdeaea' : 'transparent', transition: 'outline-color .2s, background-color .2s' }}
            >
              {optionValues(product, kind).map((value) => {
                const chosen = selections[kind] === value;
                // With variants, each button says what that option costs and marks it when sold out.
                const variant = variantOfOption(product, selections, kind, value);
                const soldOut = variant?.countInStock === 0;
                return (
                  <Box
                    key={value}
                    component="button"
                    type="button"
                    role="radio"
                    aria-checked={chosen}
                    // Named by the option alone; what it costs and has left is its description.
                    aria-label={value}
                    aria-describedby={variant ? offerId(kind, value) : undefined}
                    aria-disabled={soldOut}
                    disabled={soldOut}
                    data-testid="chooser-option"
                    onClick={() => onChange(kind, value)}
                    sx={{
                      font: 'inherit',
                      fontSize: 13.5,
                      fontWeight: 600,
                      px: 1.5,
                      py: 0.6,
                      cursor: soldOut ? 'not-allowed' : 'pointer',
                      opacity: soldOut ? 0.55 : 1,
                      textDecoration: soldOut ? 'line-through' : 'none',
                      borderRadius: 1.5,
                      border: `1px solid ${chosen ? brand.indigo : error ? brand.red : brand.line}`,
                      bgcolor: chosen ? brand.indigo : '#fff',
                      color: chosen ? '#fff' : brand.ink,
                      '&:hover': { borderColor: brand.indigo },
                    }}
                  >
                    {value}
                    {variant && (
                      <Box component="span" id={offerId(kind, value)} data-testid="chooser-offer" sx={{ display: 'block', fontSize: 12, fontWeight: 500 }}>
                        {soldOut ? (
                          'Out of stock'
                        ) : (
                          <>
                            {priceOf(variant.price) < variant.price && (
                              <Box component="s" sx={{ mr: 0.5, opacity: 0.75 }} data-testid="chooser-offer-was">
                                {rupees(variant.price)}
                              </Box>
                            )}
                            {`${rupees(priceOf(variant.price))} · ${variant.countInStock} left`}
                          </>
                        )}
                      </Box>
                    )}
                  </Box>
                );
              })}
            </Box>
            {error && (
              <Box component="span" id={`choose-${kind}`} role="alert" data-testid="chooser-error" sx={{ color: brand.red, fontSize: 13.5, fontWeight: 600, flexBasis: '100%' }}>
                {CHOOSE[kind]}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** What a chooser left without a choice asks for. */
const CHOOSE: Record<OptionKind, string> = { size: 'Choose a size', productRam: 'Choose the RAM', productWeight: 'Choose a weight' };

/** The id of an option button's price and stock line (labels may hold spaces: those become dashes). */
const offerId = (kind: OptionKind, value: string) => `offer-${kind}-${value.replace(/[^A-Za-z0-9_-]/g, '-')}`;
